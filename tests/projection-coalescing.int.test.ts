/**
 * A projection with `coalesceMs` (records, team analytics and the others that follow
 * training in the background): the first event after a quiet spell is applied at once,
 * the events that follow within the pause share one batch, and a wait for one of their
 * checkpoints (a query's read-your-writes, here or in another runner of the process)
 * ends the pause at once. The pause here is a minute, so that a wait that had to sit it
 * out would run into its own 10 s limit.
 */
import { describe, expect, it } from 'vitest';
import type { Projection } from '../src/platform/projections/projection.ts';
import { ProjectionRunner } from '../src/platform/projections/runner.ts';
import { countingProjection } from './support/counting-projection.ts';
import { runnerTestbed } from './support/runner-testbed.ts';

const A_MINUTE = 60_000;

const bed = runnerTestbed();

/** The counting projection, paused a minute between batches; `batches` lists each batch's event numbers. */
function pacedProjection() {
  const counting = countingProjection({ name: 'paced' });
  const batches: number[][] = [];
  const projection: Projection = {
    ...counting,
    coalesceMs: A_MINUTE,
    apply(events, ctx) {
      batches.push(events.map((e) => (e.data as { n: number }).n));
      return counting.apply(events, ctx);
    },
  };
  return { projection, batches };
}

function runner(projections: Projection[]) {
  const r = new ProjectionRunner(bed.db.pool, bed.store, bed.db.url, projections, { pollMs: 20, log: () => {} });
  bed.runners.push(r);
  return r;
}

const append = async (n: number) => (await bed.store.append(`paced-${n}`, [{ type: 'Counted', data: { n } }], 'no_stream')).checkpoint;
const seen = async () => (await bed.db.pool.query<{ seen: number }>('SELECT coalesce(sum(seen), 0)::int AS seen FROM paced_rows')).rows[0].seen;

/**
 * Event 1, applied at once (nothing was applied for a minute before it: no pause, and the
 * poll gives up long before one would end), then events 2…last inside its pause; the
 * checkpoint of the last. Polled every 20 ms, and each append woke the runner: only the
 * pause keeps them apart from a batch of their own.
 */
async function firstThenPaused(last: number): Promise<string> {
  await append(1);
  await expect.poll(seen).toBe(1);
  let checkpoint = '';
  for (let n = 2; n <= last; n++) checkpoint = await append(n);
  return checkpoint;
}

describe('a projection with a coalescing pause', () => {
  it('applies the first event at once, lets the next ones share a batch, and catches up at once for a wait', async () => {
    const { projection, batches } = pacedProjection();
    const r = runner([projection]);
    await r.start();

    const last = await firstThenPaused(4);
    await r.waitFor(last, undefined, 10_000);

    expect(await seen()).toBe(4);
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });

  it('ends the pause for a wait in another runner of the process that tells the owner (as the projection thread is told)', async () => {
    const { projection, batches } = pacedProjection();
    const owner = runner([projection]);
    await owner.start();
    // The serving thread's runner owns nothing; a stand-by here, since the owner holds the lock.
    const serving = runner([pacedProjection().projection]);
    await serving.start();
    serving.onRemoteWait((checkpoint) => owner.hurry(checkpoint));

    const last = await firstThenPaused(3);
    await serving.waitFor(last, ['paced'], 10_000);

    expect(await seen()).toBe(3);
    expect(batches).toEqual([[1], [2, 3]]);
  });

  it('applies what the pause held back before it stops', async () => {
    const { projection } = pacedProjection();
    const r = runner([projection]);
    await r.start();
    await firstThenPaused(3);

    await r.stop();
    bed.runners = [];

    expect(await seen()).toBe(3);
    const { rows } = await bed.db.pool.query<{ checkpoint: string }>(`SELECT checkpoint FROM projection_checkpoints WHERE projection = 'paced'`);
    expect(rows[0].checkpoint).toBe(await bed.store.headCheckpoint());
  });
});

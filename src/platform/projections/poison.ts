/**
 * Poison events: one event a handler cannot apply (a value its table cannot hold, a
 * shape its code does not expect) must not stop a projection for every tenant. A
 * batch is applied as one set-based call; when it fails for a reason that lies in the
 * events, the batch is applied again under savepoints, halving it until the failing
 * events stand alone. Those are parked (projection_parked_events) with their error in
 * the same transaction that moves the checkpoint; the rest is applied in order.
 *
 * Failures that lie elsewhere (lost connection, deadlock, a missing table after a bad
 * deploy) are not the events' fault: they fail the batch, which is tried again.
 */
import type { StoredEvent } from '../eventstore/port.ts';
import type { Projection, ProjectionContext } from './projection.ts';

/** SQLSTATE classes that say nothing about the event: connection, transaction, resources, code/schema. */
const TRANSIENT_CLASSES = new Set(['08', '40', '53', '54', '55', '57', '58', 'XX', '42', '3F', '0A']);

export function isTransientError(e: unknown): boolean {
  const err = e as { code?: unknown; message?: unknown };
  const message = typeof err?.message === 'string' ? err.message : '';
  if (/connection terminated|not queryable|connection error|timeout exceeded/i.test(message)) return true;
  if (typeof err?.code !== 'string') return false;
  // node system errors (ECONNRESET, ECONNREFUSED, …) are transient; SQLSTATEs by class.
  if (!/^[0-9A-Z]{5}$/.test(err.code)) return true;
  return TRANSIENT_CLASSES.has(err.code.slice(0, 2));
}

export interface ParkTarget {
  projection: string;
  generation: number;
}

let savepoints = 0;

/**
 * Applies `events` in order inside `ctx.tx`, parking the ones that fail on their own.
 * Call it only after a plain `apply` of the batch failed with a non-transient error
 * and the transaction was started again: the happy path stays one call, no savepoints.
 */
export async function applyIsolating(p: Projection, events: StoredEvent[], ctx: ProjectionContext, target: ParkTarget): Promise<{ topics: string[]; parked: number }> {
  const sp = `poison_${++savepoints}`;
  await ctx.tx.query(`SAVEPOINT ${sp}`);
  let failure: unknown;
  try {
    const topics = [...(await p.apply(events, ctx))];
    await ctx.tx.query(`RELEASE SAVEPOINT ${sp}`);
    return { topics, parked: 0 };
  } catch (e) {
    if (isTransientError(e)) throw e;
    failure = e;
    // A broken connection shows here: the rollback fails and the whole batch is retried.
    await ctx.tx.query(`ROLLBACK TO SAVEPOINT ${sp}`);
    await ctx.tx.query(`RELEASE SAVEPOINT ${sp}`);
  }
  if (events.length === 1) {
    await park(ctx, target, events[0], failure);
    return { topics: [], parked: 1 };
  }
  const half = Math.ceil(events.length / 2);
  const a = await applyIsolating(p, events.slice(0, half), ctx, target);
  const b = await applyIsolating(p, events.slice(half), ctx, target);
  return { topics: [...a.topics, ...b.topics], parked: a.parked + b.parked };
}

export function errorText(e: unknown): string {
  const err = e as { message?: unknown; code?: unknown };
  const message = typeof err?.message === 'string' ? err.message : String(e);
  return (typeof err?.code === 'string' ? `${message} (${err.code})` : message).slice(0, 2000);
}

async function park(ctx: ProjectionContext, target: ParkTarget, e: StoredEvent, error: unknown): Promise<void> {
  await ctx.tx.query(
    `INSERT INTO projection_parked_events (projection, generation, checkpoint, event_id, stream_id, stream_version, event_type, error)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (projection, generation, event_id) DO UPDATE
       SET error = EXCLUDED.error, parked_at = now(), attempts = projection_parked_events.attempts + 1`,
    [target.projection, target.generation, e.checkpoint, e.id, e.stream, e.streamVersion, e.type, errorText(error)],
  );
}

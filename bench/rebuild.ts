/**
 * (d) Rebuild of the stream_summaries projection (it reads every event) over
 * 1,000,000 events in 10,000 streams, through ProjectionRunner.rebuild.
 *
 * The events are written by bulk SQL straight into es_events/es_streams (the append
 * path is measured elsewhere), in a few big transactions, then the table is vacuumed
 * and checkpointed so the timed part reads a settled store as a live one would be.
 */
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { migrate } from '../src/db/migrations.ts';
import { PostgresEventStore } from '../src/eventstore/postgres.ts';
import { ProjectionRunner } from '../projections/runner.ts';
import { installProjection } from '../projections/schema.ts';
import { streamSummaries } from '../projections/stream-summaries.ts';
import { benchPool, log, round, withBenchDatabase } from './lib.ts';

const EVENTS = Number(process.env.BENCH_REBUILD_EVENTS ?? 1_000_000);
const STREAMS = 10_000;
const TRANSACTIONS = 4;

// Stream s is `<type>-<uuid>`; event i goes to stream i % STREAMS at version i / STREAMS,
// so every transaction appends in stream order and versions stay gap-free.
const STREAM_ID = `(ARRAY['workout','athlete','program','user'])[s % 4 + 1] || '-' || md5(s::text)::uuid`;

export async function generate(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SET synchronous_commit = off');
    await client.query(
      `INSERT INTO es_streams (stream_id, stream_type, version)
       SELECT ${STREAM_ID}, (ARRAY['workout','athlete','program','user'])[s % 4 + 1],
              (($1::bigint - s + ${STREAMS} - 1) / ${STREAMS}) - 1
       FROM generate_series(0, ${STREAMS - 1}) AS s`,
      [EVENTS],
    );
    const chunk = Math.ceil(EVENTS / TRANSACTIONS);
    for (let lo = 0; lo < EVENTS; lo += chunk) {
      const hi = Math.min(EVENTS, lo + chunk);
      const t0 = performance.now();
      await client.query(
        `INSERT INTO es_events (stream_id, stream_version, event_id, event_type, data, metadata)
         SELECT ${STREAM_ID}, i / ${STREAMS}, gen_random_uuid(),
                (ARRAY['SetLogged','SetLogged','SetLogged','WorkoutStarted','WorkoutCompleted','NoteAdded'])[i % 6 + 1],
                jsonb_build_object(
                  'workoutId', md5((i / 7)::text)::uuid,
                  'exercise', (ARRAY['back-squat','bench-press','deadlift','overhead-press','barbell-row'])[i % 5 + 1],
                  'set', i % 5 + 1, 'reps', 3 + i % 8, 'weightKg', 40 + (i % 120) * 2.5, 'rpe', 6 + i % 4,
                  'note', (ARRAY['felt solid, bar speed ok','grindy last rep','belt on, easy','paused reps, tempo 3-1-1'])[i % 4 + 1]),
                jsonb_build_object('userId', md5((s % 2000)::text)::uuid, 'commandId', gen_random_uuid(),
                                   'at', to_char(now() - (($2::bigint - i) || ' seconds')::interval, 'YYYY-MM-DD"T"HH24:MI:SS"Z"'))
         FROM generate_series($1::bigint, $2::bigint - 1) AS i, LATERAL (SELECT i % ${STREAMS} AS s) AS x
         ORDER BY i`,
        [lo, hi],
      );
      log(`  generated events ${lo}..${hi - 1} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    }
  } finally {
    client.release();
  }
}

export async function run(): Promise<Record<string, number>> {
  return withBenchDatabase('rebuild', async (url) => {
    const pool = benchPool(url, 10);
    try {
      await migrate(pool);
      const store = new PostgresEventStore(pool);
      const runner = new ProjectionRunner(pool, store, url, [streamSummaries], { log: (m) => console.error(`  ${m}`) });
      // Installed (generation 1, empty) before the events exist; the runner is not
      // started, so nothing catches up in the background while the rebuild is timed.
      await installProjection(pool, streamSummaries);

      const g0 = performance.now();
      await generate(pool);
      await pool.query('VACUUM (ANALYZE) es_events');
      await pool.query('CHECKPOINT');
      const { rows: sizeRows } = await pool.query<{ n: string; avg_data: string; size: string }>(
        `SELECT count(*) AS n, avg(pg_column_size(data))::int AS avg_data, pg_size_pretty(pg_total_relation_size('es_events')) AS size FROM es_events`,
      );
      log(`  ${sizeRows[0]!.n} events ready in ${((performance.now() - g0) / 1000).toFixed(1)} s (data ~${sizeRows[0]!.avg_data} bytes each, es_events ${sizeRows[0]!.size})`);

      const t0 = performance.now();
      const result = await runner.rebuild('stream_summaries');
      const seconds = (performance.now() - t0) / 1000;
      const rate = result.eventsRead / seconds;
      log(`  rebuild read ${result.eventsRead} events in ${seconds.toFixed(2)} s = ${round(rate)} events/s`);

      const { rows } = await pool.query<{ streams: string; events: string | null }>(
        'SELECT count(*) AS streams, sum(event_count) AS events FROM stream_summaries',
      );
      const streams = Number(rows[0]!.streams);
      const events = Number(rows[0]!.events ?? 0);
      if (events !== EVENTS || result.eventsRead !== EVENTS || streams !== Math.min(STREAMS, EVENTS)) {
        throw new Error(`rebuild is wrong: ${streams} streams summing ${events} events (read ${result.eventsRead}), expected ${EVENTS}`);
      }
      log(`  checked: ${streams} stream rows, event_count sums to ${events}`);
      await runner.stop();
      return { rebuild_events_per_s: round(rate) };
    } finally {
      await pool.end();
    }
  });
}

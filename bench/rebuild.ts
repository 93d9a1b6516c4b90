/**
 * (d) Rebuild of the stream_summaries projection (it reads every event) over
 * 1,000,000 events in 10,000 streams, through ProjectionRunner.rebuild: as it is
 * (envelopes only: rebuild_events_per_s), then again with every payload read
 * (rebuild_with_payloads_events_per_s), what a projection that reads every event's data pays.
 *
 * The events are written by bulk SQL straight into es_events (the append
 * path is measured elsewhere), in a few big transactions, then the table is vacuumed
 * and checkpointed so the timed part reads a settled store as a live one would be.
 */
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { migrate } from '../src/platform/db/migrations.ts';
import { PostgresEventStore } from '../src/platform/eventstore/postgres.ts';
import { ProjectionRunner } from '../src/platform/projections/runner.ts';
import { installProjection } from '../src/platform/projections/schema.ts';
import { streamSummaries } from '../src/platform/projections/stream-summaries.ts';
import { benchPool, log, postgresCpuMs, postmasterOf, restoreIndexes, round, setIndexesAside, withBenchDatabase } from './lib.ts';

const EVENTS = Number(process.env.BENCH_REBUILD_EVENTS ?? 1_000_000);
const STREAMS = 10_000;
const TRANSACTIONS = 4;

const TYPES = `ARRAY['workout','athlete','program','user']`;

/**
 * Bulk load: streams and 10,000 payload variants go to temporary tables first (the
 * JSON building is what costs in SQL), the secondary indexes of es_events are set
 * aside during the load and rebuilt from their own definitions afterwards, and the
 * events go in a few big transactions. Event i belongs to stream i % STREAMS at
 * version i / STREAMS, so streams interleave and versions rise with position (the
 * hash joins keep generate_series' order; an ORDER BY would add a 250k-row sort).
 */
export async function generate(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SET synchronous_commit = off');
    await client.query(`SET maintenance_work_mem = '256MB'`);
    await client.query(
      `CREATE TEMP TABLE bench_streams AS
       SELECT s, (${TYPES})[s % 4 + 1] AS stream_type, (${TYPES})[s % 4 + 1] || '-' || md5(s::text)::uuid AS stream_id
       FROM generate_series(0, ${STREAMS - 1}) AS s`,
    );
    // A logged set (~150 bytes of JSON) and the usual metadata.
    await client.query(
      `CREATE TEMP TABLE bench_payloads AS
       SELECT k,
         jsonb_build_object('workoutId', md5((k / 7)::text)::uuid,
           'exercise', (ARRAY['back-squat','bench-press','deadlift','overhead-press','barbell-row'])[k % 5 + 1],
           'set', k % 5 + 1, 'reps', 3 + k % 8, 'weightKg', 40 + (k % 120) * 2.5, 'rpe', 6 + k % 4,
           'note', (ARRAY['felt solid, bar speed ok','grindy last rep','belt on, easy','paused reps, tempo 3-1-1'])[k % 4 + 1]) AS data,
         jsonb_build_object('userId', md5((k % 2000)::text)::uuid, 'commandId', gen_random_uuid(), 'correlationId', gen_random_uuid(),
           'at', to_char(now() - k * interval '1 minute', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')) AS metadata
       FROM generate_series(0, 9999) AS k`,
    );
    await client.query('ANALYZE bench_streams, bench_payloads');
    const aside = await setIndexesAside(client);

    const chunk = Math.ceil(EVENTS / TRANSACTIONS);
    for (let lo = 0; lo < EVENTS; lo += chunk) {
      const hi = Math.min(EVENTS, lo + chunk);
      const t0 = performance.now();
      await client.query(
        `INSERT INTO es_events (stream_id, stream_version, event_id, event_type, data, metadata)
         SELECT st.stream_id, i / ${STREAMS}, md5('bench-event-' || i)::uuid,
                (ARRAY['SetLogged','SetLogged','SetLogged','WorkoutStarted','WorkoutCompleted','NoteAdded'])[i % 6 + 1],
                p.data, p.metadata
         FROM generate_series($1::bigint, $2::bigint - 1) AS i
         JOIN bench_streams st ON st.s = i % ${STREAMS}
         JOIN bench_payloads p ON p.k = (i * 7919) % 10000`,
        [lo, hi],
      );
      log(`  generated events ${lo}..${hi - 1} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    }
    const t0 = performance.now();
    await restoreIndexes(client, aside);
    log(`  rebuilt ${aside.constraints.length + aside.indexes.length} secondary indexes in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    await client.query('DROP TABLE bench_streams, bench_payloads');
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
      const { rows: sizeRows } = await pool.query<{ n: string; json: string; meta: string; size: string }>(
        `SELECT count(*) AS n, avg(length(data::text))::int AS json, avg(length(metadata::text))::int AS meta,
                pg_size_pretty(pg_total_relation_size('es_events')) AS size FROM es_events`,
      );
      const r = sizeRows[0];
      log(`  ${r.n} events ready in ${((performance.now() - g0) / 1000).toFixed(1)} s (JSON data ~${r.json} bytes, metadata ~${r.meta} bytes; es_events ${r.size} with indexes)`);

      const postmaster = await postmasterOf(pool);
      const timedRebuild = async (what: string, r: ProjectionRunner) => {
        // CPU per event (this process and PostgreSQL): the figure that holds on a busy machine.
        const node0 = process.cpuUsage();
        const pg0 = postgresCpuMs(postmaster);
        const t0 = performance.now();
        const result = await r.rebuild('stream_summaries');
        const seconds = (performance.now() - t0) / 1000;
        const node = process.cpuUsage(node0);
        const rate = result.eventsRead / seconds;
        log(
          `  rebuild (${what}) read ${result.eventsRead} events in ${seconds.toFixed(2)} s = ${round(rate)} events/s ` +
            `(node ${round((node.user + node.system) / result.eventsRead, 1)} µs + PostgreSQL ${round(((postgresCpuMs(postmaster) - pg0) * 1000) / result.eventsRead, 1)} µs CPU each)`,
        );
        const { rows } = await pool.query<{ streams: string; events: string | null }>('SELECT count(*) AS streams, sum(event_count) AS events FROM stream_summaries');
        const streams = Number(rows[0].streams);
        const events = Number(rows[0].events ?? 0);
        if (events !== EVENTS || result.eventsRead !== EVENTS || streams !== Math.min(STREAMS, EVENTS)) {
          throw new Error(`rebuild is wrong: ${streams} streams summing ${events} events (read ${result.eventsRead}), expected ${EVENTS}`);
        }
        log(`  checked: ${streams} stream rows, event_count sums to ${events}`);
        return round(rate);
      };

      // As the projection is: it reads envelopes only, so no payload is read.
      const rate = await timedRebuild('envelopes', runner);
      await runner.stop();
      // The same fold with every payload read, parsed and decoded, as a projection that
      // reads every event's data pays: the figure earlier stops reported as the rebuild's.
      const whole = new ProjectionRunner(pool, store, url, [{ ...streamSummaries, envelopeOnly: false }], { log: (m) => console.error(`  ${m}`) });
      const withPayloads = await timedRebuild('every payload read', whole);
      await whole.stop();
      return { rebuild_events_per_s: rate, rebuild_with_payloads_events_per_s: withPayloads };
    } finally {
      await pool.end();
    }
  });
}

/**
 * `npm run bench:scale` (issue 28; not part of CI): what a user feels on a store the
 * size of a real deployment. For each size in BENCH_SCALE_EVENTS (comma list, default
 * 1000000,3000000,10000000), on a fresh embedded PostgreSQL:
 *
 * 1. generate the store (scale-generate.ts: real deciders, sealed personal fields, COPY);
 * 2. rebuild every read model together from one read of the store (rebuildProjections,
 *    what `spotter replay` runs), timed in all and per projection (its writes);
 * 3. start the real server as a child process (scale-server.ts) and time, as the
 *    signed-in coach of a 400-athlete team over keep-alive HTTP, one request at a
 *    time: the calendar month of an athlete with three years of history, the clients
 *    page with compliance, team analytics for the 400 athletes over 90 days, the
 *    performance dashboard, a page of the thread with thousands of messages, and a
 *    template assignment to a group of 40 athletes;
 * 4. once the server has scheduled and projected the assignments' workouts, drive
 *    PUT /api/profile open-loop from a forked client (open-loop-client.ts) while
 *    projections are rebuilt again in this process: command p50/p99 and
 *    command → websocket p99;
 * 5. report the database size per million events and the server's peak RSS (VmHWM of
 *    the child process, from /proc).
 *
 * Prints one line of JSON per size.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
// pg's type parsers as the server and CLI have them (dates as 'YYYY-MM-DD', bigints as numbers): the
// rebuilds run in this process, and the training projection reads its rows back.
import '../src/platform/start.ts';
import { allProjections, featureReactors } from '../src/features.ts';
import { migrate } from '../src/platform/db/migrations.ts';
import { PostgresEventStore } from '../src/platform/eventstore/postgres.ts';
import { hashPassword } from '../src/platform/auth/passwords.ts';
import { mailReactor } from '../src/platform/mail/reactor.ts';
import { rebuildProjections } from '../src/platform/projections/rebuild.ts';
import { installProjection } from '../src/platform/projections/schema.ts';
import type { Projection } from '../src/platform/projections/projection.ts';
import { addDays } from '../src/training/domain/workout-rules.ts';
import { benchPool, httpJson, log, percentile, round, startBenchDatabase } from './lib.ts';
import { generateStore, scaleId, type Generated } from './scale-generate.ts';
import { commandsDuringRebuild, SCALE_PASSWORD, signIn, startServerChild, type ServerChild } from './scale-load.ts';

const SIZES = (process.env.BENCH_SCALE_EVENTS ?? '1000000,3000000,10000000').split(',').map((s) => Number(s.trim()));
const REQUESTS = Number(process.env.BENCH_SCALE_REQUESTS ?? 100);
const WARMUP = 10;
const ASSIGN_RUNS = Number(process.env.BENCH_SCALE_ASSIGN_RUNS ?? 10);
const KEEP = process.env.BENCH_SCALE_KEEP === '1';
const APP_URL = 'http://127.0.0.1';
// BENCH_SCALE_PROJECTIONS (comma list) rebuilds only these read models: for investigation, not for the reported figures.

async function timed(n: number, fn: (i: number) => Promise<void>): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < WARMUP; i++) await fn(i);
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const s = performance.now();
    await fn(i);
    times.push(performance.now() - s);
  }
  times.sort((a, b) => a - b);
  return { p50: round(percentile(times, 50), 1), p95: round(percentile(times, 95), 1) };
}

/** Waits until every projection and reactor has applied the last event of the store, and the store stops growing. */
async function untilCaughtUp(pool: pg.Pool): Promise<void> {
  const head = `(SELECT lpad(tx_id::text, 20, '0') || ':' || lpad(position::text, 20, '0') FROM es_events ORDER BY tx_id DESC, position DESC LIMIT 1)`;
  for (let calm = 0; calm < 3;) {
    const { rows } = await pool.query<{ behind: number }>(`SELECT count(*)::int AS behind FROM projection_checkpoints WHERE checkpoint IS DISTINCT FROM ${head}`);
    calm = rows[0].behind === 0 ? calm + 1 : 0;
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/**
 * Rebuilds every read model together, as `spotter replay` does (one read of the store,
 * three writers): the store's events over the time of it all, and per projection the
 * store's events over the time its own batches took to write.
 */
async function rebuildAll(pool: pg.Pool, store: PostgresEventStore, readModels: Projection[], events: number): Promise<Record<string, number>> {
  const figures: Record<string, number> = {};
  const t0 = performance.now();
  const results = await rebuildProjections(pool, store, readModels, { batchSize: 20_000 });
  const seconds = (performance.now() - t0) / 1000;
  for (const r of results) {
    figures[`rebuild_${r.projection}_events_per_s`] = round(r.eventsRead / (r.applyMs / 1000));
    log(
      `  ${r.projection.padEnd(28)} ${r.eventsRead.toLocaleString('en-US')} events, ${(r.applyMs / 1000).toFixed(1)} s writing = ${figures[`rebuild_${r.projection}_events_per_s`].toLocaleString('en-US')} events/s`,
    );
  }
  figures.rebuild_all_s = round(seconds, 1);
  figures.rebuild_total_events_per_s = round(events / seconds);
  log(`  every read model (${readModels.length}) rebuilt together in ${seconds.toFixed(1)} s: ${figures.rebuild_total_events_per_s.toLocaleString('en-US')} store events/s`);
  return figures;
}

async function runSize(target: number): Promise<Record<string, number>> {
  log(`bench:scale ${target.toLocaleString('en-US')} events`);
  const started = performance.now();
  const db = await startBenchDatabase(`scale-${target}`);
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'spotter-bench-scale-'));
  const pool = benchPool(db.url, 10);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  let server: ServerChild | null = null;
  const store = new PostgresEventStore(pool);
  try {
    await migrate(pool);
    // Every reactor, including those listed among the projections (workout_mail_collector):
    // one left at the start would go through the whole history in the server under test.
    const reactors = [mailReactor(APP_URL), ...featureReactors(store), ...allProjections.filter((p) => p.reactor)];
    const only = process.env.BENCH_SCALE_PROJECTIONS?.split(',').map((s) => s.trim());
    const readModels = allProjections.filter((p) => !p.reactor && (!only || only.includes(p.name)));
    for (const p of new Set([...allProjections, ...reactors])) await installProjection(pool, p);

    const generated: Generated = await generateStore(pool, store, target);
    const people = generated.coaches.flatMap((c) => [c, ...c.athletes]);
    const hash = await hashPassword(SCALE_PASSWORD);
    await pool.query(
      `INSERT INTO user_credentials (user_id, email, password_hash, created_at)
       SELECT id, email, $3, now() FROM unnest($1::uuid[], $2::text[]) AS x(id, email)`,
      [people.map((p) => p.id), people.map((p) => p.email), hash],
    );
    // The generator sealed every personal field itself: the one-time pass that seals a
    // store written before encryption (encrypt-stored.ts) has nothing to do. Without this
    // row a server's first start on a 762k-event store spent ~2.5 minutes of CPU before it
    // listened, and its second start (the row written by then) under 5 s.
    await pool.query('INSERT INTO personal_data_rewrite (done_at, events) VALUES (now(), 0)');
    await pool.query('VACUUM (ANALYZE) es_events');
    await pool.query('CHECKPOINT');
    // Reactors (mail, webhooks…) start at the head: the history's effects happened long ago.
    await pool.query(
      `UPDATE projection_checkpoints SET checkpoint = (SELECT lpad(tx_id::text, 20, '0') || ':' || lpad(position::text, 20, '0') FROM es_events ORDER BY tx_id DESC, position DESC LIMIT 1)
        WHERE projection = ANY($1::text[])`,
      [reactors.map((r) => r.name)],
    );
    const generationS = (performance.now() - started) / 1000;

    const figures: Record<string, number> = { events: generated.events, generation_s: round(generationS, 1) };
    Object.assign(figures, await rebuildAll(pool, store, readModels, generated.events));
    await pool.query('VACUUM ANALYZE');
    const { rows: size } = await pool.query<{ bytes: string; events_bytes: string }>(
      `SELECT pg_database_size(current_database()) AS bytes, pg_total_relation_size('es_events') AS events_bytes`,
    );
    figures.db_mb = round(Number(size[0].bytes) / 2 ** 20);
    figures.db_mb_per_million_events = round(Number(size[0].bytes) / 2 ** 20 / (generated.events / 1e6), 1);
    figures.es_events_mb_per_million_events = round(Number(size[0].events_bytes) / 2 ** 20 / (generated.events / 1e6), 1);
    log(
      `  database ${figures.db_mb} MB = ${figures.db_mb_per_million_events} MB per million events (es_events with indexes ${figures.es_events_mb_per_million_events} MB per million)`,
    );

    const serverLogFile = path.join(os.tmpdir(), `spotter-bench-scale-server-${target}.log`);
    server = await startServerChild(db.url, tmp, serverLogFile);
    log(`  server started; its log: ${serverLogFile}; ${server.rssNote()}`);
    const base = new URL(server.url);
    const get = async (url: string, token: string) => {
      const r = await httpJson(agent, base, 'GET', url, undefined, token);
      if (r.status !== 200) throw new Error(`GET ${url}: ${r.status} ${r.text.slice(0, 300)}`);
      return r;
    };
    const coach = generated.coaches[0];
    const coachToken = (await signIn(agent, server.url, coach.email)).accessToken;
    const athlete = coach.athletes[0];
    const ids = coach.athletes.map((a) => a.id);
    const today = generated.today;

    const queries: [string, (i: number) => Promise<void>][] = [
      [
        'calendar_month',
        async (i) => {
          const from = addDays(today, -30 * (1 + ((i * 7) % 34)));
          const r = await get(`/api/manage-workouts?clientId=${athlete.id}&from=${from}&to=${addDays(from, 34)}`, coachToken);
          if (i === 0 && !(r.body as { workouts: unknown[] }).workouts.length) throw new Error('calendar month: no workouts');
        },
      ],
      [
        'clients_page',
        async (i) => {
          const r = await get('/api/get-clients', coachToken);
          if (i === 0 && (r.body as { clients: unknown[] }).clients.length !== 400) throw new Error('clients page: not 400 clients');
        },
      ],
      ['team_analytics_90d', async () => void (await get(`/api/team-analytics?range=90d&athletes=${ids.join(',')}`, coachToken))],
      ['performance_dashboard', async () => void (await get(`/api/performance-summary?athlete_id=${athlete.id}`, coachToken))],
      [
        'message_page',
        async (i) => {
          const r = await get(`/api/conversations/${generated.bigThread}/messages`, coachToken);
          if (i === 0 && !(r.body as { messages: unknown[] }).messages.length) throw new Error('message page: empty');
        },
      ],
    ];
    for (const [name, fn] of queries) {
      const t = await timed(REQUESTS, fn);
      figures[`${name}_p50_ms`] = t.p50;
      figures[`${name}_p95_ms`] = t.p95;
      log(`  ${name.padEnd(22)} p50 ${t.p50} ms  p95 ${t.p95} ms; ${server.rssNote()}`);
    }

    // A template assignment to a group of 40 athletes: the HTTP answer's round trip.
    const post = async (url: string, body: unknown) => {
      const r = await httpJson(agent, base, 'POST', url, body, coachToken);
      if (r.status !== 200 && r.status !== 201) throw new Error(`POST ${url}: ${r.status} ${r.text.slice(0, 300)}`);
      return r.body as Record<string, unknown>;
    };
    const group = await post('/api/groups', { name: 'Squad of 40' });
    const groupId = group.id as string;
    await post(`/api/groups/${groupId}/members`, { athlete_ids: ids.slice(0, 40) });
    const templateId = scaleId(`template:${coach.id}`);
    // Every call is a new assignment, on a start date of its own 35 days after the last.
    // (Until the tenth run the measured calls repeated the warm-ups' start dates: reruns
    // of the same assignments, which give nobody anything.)
    let assignments = 0;
    const assignAnew = async () => {
      const r = await post(`/api/groups/${groupId}/assign-template`, { template_id: templateId, start_date: addDays(today, 7 + 35 * assignments++) });
      if (r.scheduled_count !== 40) throw new Error(`assignment to 40 athletes: scheduled_count ${String(r.scheduled_count)}`);
    };
    // Back to back: each answer meets the fan-out of the ones before (640 workouts each
    // to schedule, project and mail) on the same two cores.
    const backToBack = await timed(ASSIGN_RUNS, assignAnew);
    figures.assign_40_back_to_back_p50_ms = backToBack.p50;
    figures.assign_40_back_to_back_p95_ms = backToBack.p95;
    log(`  template to 40 athletes, back to back p50 ${backToBack.p50} ms  p95 ${backToBack.p95} ms (HTTP answer); ${server.rssNote()}`);

    // The assignments above left the server thousands of workouts to schedule (each
    // template to 40 athletes is 640 workouts, their read models and mails): what
    // follows is measured once that is done, or it would measure that too.
    const settled = performance.now();
    await untilCaughtUp(pool);
    figures.assign_fanout_settled_s = round((performance.now() - settled) / 1000, 1);
    log(`  the assignments' workouts scheduled and projected ${figures.assign_fanout_settled_s} s after the last answer; ${server.rssNote()}`);

    // One at a time, each on a server done with the one before, as bench/assign.ts times
    // them: what a coach feels when the server is not fanning out a burst of assignments.
    const alone: number[] = [];
    for (let i = 0; i < ASSIGN_RUNS; i++) {
      const s = performance.now();
      await assignAnew();
      alone.push(performance.now() - s);
      await untilCaughtUp(pool);
    }
    alone.sort((a, b) => a - b);
    figures.assign_40_alone_p50_ms = round(percentile(alone, 50), 1);
    figures.assign_40_alone_p95_ms = round(percentile(alone, 95), 1);
    log(`  template to 40 athletes, one at a time p50 ${figures.assign_40_alone_p50_ms} ms  p95 ${figures.assign_40_alone_p95_ms} ms (HTTP answer); ${server.rssNote()}`);

    // Commands during the whole of one rebuild (bench:scale:commands runs this step alone).
    Object.assign(figures, await commandsDuringRebuild(pool, store, readModels, server.url, coach, agent));

    figures.server_peak_rss_mb = round(server.peakRssMb());
    figures.total_s = round((performance.now() - started) / 1000, 1);
    log(`  server peak RSS (VmHWM of its process) ${figures.server_peak_rss_mb} MB; size done in ${figures.total_s} s`);
    // Kept open, this size's line is printed now: the run ends only with Ctrl-C.
    if (KEEP) console.log(JSON.stringify({ size: target, ...figures }));
    return figures;
  } catch (e) {
    // Kept open, the run ends only with Ctrl-C: say why it stopped now, not after.
    if (KEEP) log(`  stopped: ${(e as Error).stack ?? String(e)}`);
    throw e;
  } finally {
    agent.destroy();
    await server?.stop();
    await store.codec.keys.close();
    await pool.end();
    if (KEEP) await keepOpen(db.url);
    await db.stop();
    await fs.rm(tmp, { recursive: true, force: true });
  }
}

/** BENCH_SCALE_KEEP=1: the database stays up for a look at its read models until Ctrl-C (which removes it). */
async function keepOpen(url: string): Promise<void> {
  log(`  BENCH_SCALE_KEEP: the database stays up at ${url} until Ctrl-C`);
  await new Promise(() => {});
}

for (const size of SIZES) {
  if (!Number.isSafeInteger(size) || size <= 0) throw new Error(`BENCH_SCALE_EVENTS: not an event count: ${size}`);
  const figures = await runSize(size);
  console.log(JSON.stringify({ size, ...figures }));
}

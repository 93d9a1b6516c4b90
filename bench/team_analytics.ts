/**
 * Team analytics: GET /api/team-analytics for a coach with 400 athletes and one year
 * of history (4 workouts a week, 6 exercises × 4 sets, ≈ 2 M sets), every athlete
 * selected (all 400 ids in `athletes=`), ranges 90D, 1Y and All, on the real server over
 * keep-alive HTTP, one request at a time. The data is made by `spotter seed`'s own
 * function (cli/lib/seed.ts: through the deciders and the event store) and projected
 * by the server's runner, never written as read-model rows.
 *
 * Figures: team_analytics_90d_p95_ms, team_analytics_1y_p95_ms, team_analytics_all_p95_ms (identity encoding, as
 * the issue measured them), the same with the browser's `Accept-Encoding: br, gzip`
 * (team_analytics_1y_br_p95_ms …: the server compresses the ~360 KB answer, the client
 * decompresses it), plus the data set's size (sets, workouts, events, athletes) and how
 * long seeding and projecting took.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import zlib from 'node:zlib';
import { startServer, type RunningServer } from '../src/server.ts';
import { runSeed } from '../cli/lib/seed.ts';
import { benchServerConfig, httpJson, log, percentile, round, startBenchDatabase } from './lib.ts';

const ATHLETES = Number(process.env.BENCH_TEAM_ATHLETES ?? 400);
const WEEKS = Number(process.env.BENCH_TEAM_WEEKS ?? 52);
const WARMUP = 20;
const REQUESTS = Number(process.env.BENCH_TEAM_REQUESTS ?? 200);

/** GET as the browser asks for it: compressed, decoded here; `wireBytes` is what crossed the socket. */
function getAsBrowser(agent: http.Agent, base: URL, url: string, token: string): Promise<{ status: number; wireBytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { agent, host: base.hostname, port: base.port, method: 'GET', path: url, headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const wire = Buffer.concat(chunks);
          const encoding = String(res.headers['content-encoding'] ?? 'identity');
          const body = encoding === 'br' ? zlib.brotliDecompressSync(wire) : encoding === 'gzip' ? zlib.gunzipSync(wire) : wire;
          JSON.parse(body.toString('utf8'));
          resolve({ status: res.statusCode ?? 0, wireBytes: wire.length, encoding });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

export async function run(): Promise<Record<string, number>> {
  process.env.SPOTTER_DEMO = '0';
  const db = await startBenchDatabase('team-analytics');
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'spotter-bench-team-'));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  let server: RunningServer | null = null;
  try {
    const config = benchServerConfig(db.url, tmp);
    server = await startServer(config, { rateLimitScale: 1000, log: (m) => console.error(`  [server] ${m}`) });
    const { pool, store, runner } = server.platform;

    const t0 = performance.now();
    let lastShown = 0;
    const seeded = await runSeed(
      { pool, store },
      {
        coaches: 1,
        athletesPerCoach: ATHLETES,
        weeks: WEEKS,
        seed: 42,
        onProgress: (done, total) => {
          if (done - lastShown >= 10_000 || done === total) {
            lastShown = done;
            log(`  seeding: ${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')} workouts`);
          }
        },
      },
    );
    if (seeded.failures.length) throw new Error(`seed failed: ${seeded.failures.slice(0, 3).join('; ')}`);
    const seedSeconds = (performance.now() - t0) / 1000;
    log(`  seeded ${seeded.events.toLocaleString('en-US')} events in ${seedSeconds.toFixed(1)} s (${seeded.eventsPerSecond.toLocaleString('en-US')} events/s); projecting…`);
    const t1 = performance.now();
    await runner.waitFor((await store.headCheckpoint())!, undefined, 60 * 60_000);
    const projectSeconds = (performance.now() - t1) / 1000;
    log(`  projected in ${projectSeconds.toFixed(1)} s`);
    await pool.query('VACUUM ANALYZE');

    const base = new URL(server.url);
    const request = (url: string, token?: string) => httpJson(agent, base, 'GET', url, undefined, token);
    const signin = await httpJson(agent, base, 'POST', '/api/auth/signin', { email: seeded.coaches[0].email, password: seeded.password });
    if (signin.status !== 200) throw new Error(`signin: ${signin.status} ${signin.text}`);
    const token = (signin.body as { accessToken: string }).accessToken;
    const clients = await request('/api/get-clients', token);
    const ids = (clients.body as { clients: { id: string }[] }).clients.map((c) => c.id);
    if (ids.length !== ATHLETES) throw new Error(`expected ${ATHLETES} clients, got ${ids.length}`);
    const rows = await pool.query<{ n: number }>(
      'SELECT (SELECT count(*) FROM team_exercise_days) + (SELECT count(*) FROM team_exercise_months) + (SELECT count(*) FROM team_athlete_days) + (SELECT count(*) FROM team_athlete_months) AS n',
    );

    const figures: Record<string, number> = {};
    for (const range of ['90d', '1y', 'all'] as const) {
      const url = `/api/team-analytics?range=${range}&athletes=${ids.join(',')}`;
      const first = await request(url, token);
      if (first.status !== 200) throw new Error(`${range}: ${first.status} ${first.text.slice(0, 200)}`);
      const summary = (first.body as { team_summary: { total_sets: number; athlete_count: number } }).team_summary;
      for (let i = 0; i < WARMUP; i++) await request(url, token);
      const times: number[] = [];
      for (let i = 0; i < REQUESTS; i++) {
        const s = performance.now();
        const r = await request(url, token);
        times.push(performance.now() - s);
        if (r.status !== 200) throw new Error(`${range}: ${r.status}`);
      }
      times.sort((a, b) => a - b);
      const p95 = round(percentile(times, 95), 1);
      log(
        `  range ${range}: p50 ${round(percentile(times, 50), 1)} ms, p95 ${p95} ms over ${REQUESTS} requests; ${summary.athlete_count} athletes, ${summary.total_sets.toLocaleString('en-US')} sets in range, response ${(first.text.length / 1024).toFixed(0)} KB`,
      );
      figures[`team_analytics_${range}_p95_ms`] = p95;

      const compressed: number[] = [];
      let wire = { wireBytes: 0, encoding: '' };
      for (let i = 0; i < WARMUP; i++) await getAsBrowser(agent, base, url, token);
      for (let i = 0; i < REQUESTS; i++) {
        const s = performance.now();
        const r = await getAsBrowser(agent, base, url, token);
        compressed.push(performance.now() - s);
        if (r.status !== 200) throw new Error(`${range} (compressed): ${r.status}`);
        wire = r;
      }
      compressed.sort((a, b) => a - b);
      const brP95 = round(percentile(compressed, 95), 1);
      log(
        `  range ${range}, Accept-Encoding br, gzip (as the browser): p50 ${round(percentile(compressed, 50), 1)} ms, p95 ${brP95} ms; ${wire.encoding} ${(wire.wireBytes / 1024).toFixed(0)} KB on the wire`,
      );
      figures[`team_analytics_${range}_br_p95_ms`] = brP95;
    }
    log(
      `  data set: ${ATHLETES} athletes × ${WEEKS} weeks = ${seeded.workouts.toLocaleString('en-US')} workouts, ${seeded.sets.toLocaleString('en-US')} sets, ${seeded.events.toLocaleString('en-US')} events, ${Number(rows.rows[0].n).toLocaleString('en-US')} team analytics rows`,
    );
    return {
      ...figures,
      team_analytics_sets: seeded.sets,
      team_analytics_workouts: seeded.workouts,
      team_analytics_events: seeded.events,
      team_analytics_seed_s: round(seedSeconds, 1),
      team_analytics_seed_events_per_s: seeded.eventsPerSecond,
      team_analytics_project_s: round(projectSeconds, 1),
    };
  } finally {
    agent.destroy();
    await server?.close().catch((e) => console.error(`  closing the server: ${(e as Error).message}`));
    await db.stop();
    await fs.rm(tmp, { recursive: true, force: true });
  }
}

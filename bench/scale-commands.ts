/**
 * `npm run bench:scale:commands` (issue 28; not part of `npm run bench`, not in CI): step
 * 4 of `bench:scale` alone, on a store that run kept (`BENCH_SCALE_KEEP=1` prints its
 * URL): the real server in its own process, PUT /api/profile at 200/s over 200 athletes
 * of the 400-athlete coach while this process rebuilds read models at background
 * priority, as `spotter replay` does. A change to what a rebuild costs the live commands
 * is then measured in minutes, old code and new alternating on one store.
 *
 *   BENCH_SCALE_DATABASE_URL=postgres://… [BENCH_SCALE_PROJECTIONS=a,b] [BENCH_SCALE_RUNS=n]
 *
 * Prints per run the HTTP answer's p50/p99, command → websocket p50/p99, the rebuild's
 * length and the server's peak RSS, then one line of JSON per run.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
// pg's type parsers as the server and CLI have them: the rebuild runs in this process.
import '../src/platform/start.ts';
import { PostgresEventStore } from '../src/platform/eventstore/postgres.ts';
import { keptStoreSettings } from './scale-kept-store.ts';
import { benchPool, log } from './lib.ts';
import { population } from './scale-generate.ts';
import { commandsDuringRebuild, startServerChild } from './scale-load.ts';

const { url, readModels, runs, writers } = keptStoreSettings();

const pool = benchPool(url, 10);
const store = new PostgresEventStore(pool);
const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'spotter-bench-scale-commands-'));
const serverLog = path.join(os.tmpdir(), 'spotter-bench-scale-commands-server.log');
// The 400-athlete coach of bench:scale's step 4: the population is the same on every store.
const coach = population()[0];
const server = await startServerChild(url, folder, serverLog);
log(`server started; its log: ${serverLog}; ${server.rssNote()}`);
try {
  for (let run = 1; run <= runs; run++) {
    const figures = await commandsDuringRebuild(pool, store, readModels, server.url, coach, agent, writers);
    console.log(JSON.stringify({ run, ...figures, server_peak_rss_mb: Math.round(server.peakRssMb()) }));
  }
} finally {
  agent.destroy();
  await server.stop();
  await store.codec.keys.close();
  await pool.end();
  await fs.rm(folder, { recursive: true, force: true });
}
// The store's LISTEN connection would keep the process alive.
process.exit(0);

/**
 * `npm run bench:scale:rebuild` (issue 28; not part of `npm run bench`, not in CI): the
 * rebuild of `bench:scale` alone, on a store that run kept (`BENCH_SCALE_KEEP=1` prints
 * its URL), so that a change to a projection is measured in minutes and on the same
 * store, old code and new alternating, rather than in a run of twenty.
 *
 *   BENCH_SCALE_DATABASE_URL=postgres://… [BENCH_SCALE_PROJECTIONS=a,b] [BENCH_SCALE_RUNS=n]
 *
 * Rebuilds those read models (default: all of them) together, as `spotter replay` does
 * (at background priority, its own and its backends'),
 * and prints per run the wall time, node's CPU (this process) and PostgreSQL's (every
 * `postgres` process of this machine, from /proc: the kept store's database runs here),
 * with each projection's seconds of writing; then one line of JSON per run.
 */
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
// pg's type parsers as the server and CLI have them: the rebuild runs in this process.
import '../src/platform/start.ts';
import { PostgresEventStore } from '../src/platform/eventstore/postgres.ts';
import { rebuildProjections } from '../src/platform/projections/rebuild.ts';
import { lowerOwnPriority } from '../src/platform/db/background-priority.ts';
import { keptStoreSettings } from './scale-kept-store.ts';
import { benchPool, log, round } from './lib.ts';

const { url, readModels, runs, writers } = keptStoreSettings();

/** CPU ticks (user + system) of every process named `postgres` now running here, by pid. */
function postgresTicks(): Map<string, number> {
  const ticks = new Map<string, number>();
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      if (stat.slice(stat.indexOf('(') + 1, close) !== 'postgres') continue;
      const fields = stat.slice(close + 2).split(' ');
      ticks.set(pid, Number(fields[11]) + Number(fields[12]));
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return ticks;
}

/**
 * PostgreSQL's CPU seconds over a span, sampled every half second: a backend that exits
 * in the span (a rebuild closes its writers) takes its figure out of /proc, so what was
 * last seen of each process counts.
 */
function sampledPostgresCpu(): { stop(): number } {
  const start = postgresTicks();
  const last = new Map(start);
  const sample = () => postgresTicks().forEach((ticks, pid) => last.set(pid, ticks));
  const timer = setInterval(sample, 500);
  return {
    stop() {
      clearInterval(timer);
      sample();
      let used = 0;
      for (const [pid, ticks] of last) used += ticks - (start.get(pid) ?? 0);
      return used / 100; // USER_HZ is 100 on Linux
    },
  };
}

// At background priority, as `spotter replay` runs (its writers' backends are there too):
// at normal priority, node's threads would take the CPU from the backends it waits on.
lowerOwnPriority();
const pool = benchPool(url, 10);
const store = new PostgresEventStore(pool);
try {
  for (let run = 1; run <= runs; run++) {
    const cpu = process.cpuUsage();
    const pgCpu = sampledPostgresCpu();
    const t0 = performance.now();
    const results = await rebuildProjections(pool, store, readModels, { batchSize: 20_000, writers });
    const seconds = (performance.now() - t0) / 1000;
    const used = process.cpuUsage(cpu);
    const figures: Record<string, number> = {
      run,
      events: results[0]?.eventsRead ?? 0,
      rebuild_s: round(seconds, 1),
      node_cpu_s: round((used.user + used.system) / 1e6, 1),
      postgres_cpu_s: round(pgCpu.stop(), 1),
      // This process's peak resident set so far (VmHWM): what the batches held in memory cost.
      peak_rss_mb: round(Number(/VmHWM:\s+(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'))![1]) / 1024),
    };
    for (const r of results) figures[`${r.projection}_writing_s`] = round(r.applyMs / 1000, 1);
    log(
      `rebuild of ${readModels.length} read model(s), run ${run}: ${figures.rebuild_s} s, ${round(figures.events / seconds).toLocaleString('en-US')} events/s; ` +
        `node CPU ${figures.node_cpu_s} s, PostgreSQL CPU ${figures.postgres_cpu_s} s, peak RSS ${figures.peak_rss_mb} MB`,
    );
    for (const r of results) log(`  ${r.projection.padEnd(28)} ${figures[`${r.projection}_writing_s`]} s writing`);
    console.log(JSON.stringify(figures));
  }
} finally {
  await store.codec.keys.close();
  await pool.end();
}
// The store's LISTEN connection would keep the process alive.
process.exit(0);

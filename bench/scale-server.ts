/**
 * The server of `bench:scale` as a child process (so its memory is its own): the
 * real startServer with the environment's configuration and rate limits ×1000, as
 * the in-process benchmarks run it. Prints `listening <url>` once it serves, and its
 * memory every 10 s to its log (stderr): what of its resident set is JavaScript heap.
 */
import { loadConfig } from '../src/platform/config.ts';
import { startServer } from '../src/server.ts';
import { boundHeapGrowth, HEAP_GROWING_PERCENT } from '../src/platform/heap-growth.ts';

// As src/main.ts: the benchmark measures the server's memory as `npm start` runs it.
// BENCH_SCALE_HEAP_GROWING_PERCENT=0 gives V8's own heuristics back (its default), for comparison.
boundHeapGrowth(Number(process.env.BENCH_SCALE_HEAP_GROWING_PERCENT ?? HEAP_GROWING_PERCENT));

const server = await startServer(loadConfig(), { rateLimitScale: 1000, log: (m) => console.error(`[server] ${m}`) });
console.log(`listening ${server.url}`);
const mb = (n: number) => Math.round(n / 2 ** 20);
setInterval(() => {
  const m = process.memoryUsage();
  console.error(`[memory] rss ${mb(m.rss)} MB, heap used ${mb(m.heapUsed)} of ${mb(m.heapTotal)} MB, external ${mb(m.external)} MB, array buffers ${mb(m.arrayBuffers)} MB`);
}, 10_000).unref();
process.once('SIGTERM', () => void server.close().finally(() => process.exit(0)));

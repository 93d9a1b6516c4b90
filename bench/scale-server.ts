/**
 * The server of `bench:scale` as a child process (so its memory is its own): the
 * real startServer with the environment's configuration and rate limits ×1000, as
 * the in-process benchmarks run it. Prints `listening <url>` once it serves.
 */
import { loadConfig } from '../src/platform/config.ts';
import { startServer } from '../src/server.ts';

const server = await startServer(loadConfig(), { rateLimitScale: 1000, log: (m) => console.error(`[server] ${m}`) });
console.log(`listening ${server.url}`);
process.once('SIGTERM', () => void server.close().finally(() => process.exit(0)));

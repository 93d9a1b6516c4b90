/** Starts Spotter: database (embedded by default), projections, mail, HTTP on one port. */
import { loadConfig } from './platform/config.ts';
import { startServer, type RunningServer } from './server.ts';
import { EnvironmentError, leaveStopSignalsToCaller } from './platform/db/embedded.ts';
import { ensureWebBuilt } from '../web/build/ensure-built.ts';
import { boundHeapGrowth } from './platform/heap-growth.ts';

boundHeapGrowth();

// `npm start`: build the dashboard first, but only when its sources changed.
if (process.argv.includes('--build-web')) ensureWebBuilt();

const config = loadConfig();
let server: RunningServer;
try {
  server = await startServer(config, { logger: config.logRequests, projections: config.projections });
} catch (e) {
  // A machine problem (a folder the database cannot enter) gets its one sentence, not a stack.
  if (!(e instanceof EnvironmentError)) throw e;
  console.error(`Spotter cannot start: ${e.message}`);
  process.exit(1);
}
console.log(`Spotter is running at ${config.appUrl}`);
// The operator key opens the local outbox (it holds live sign-in links) and health details.
if (!config.smtpUrl) console.log(`E-mails go to ${config.outboxDir}; read them (operator link, keep it private) at ${config.appUrl}/email-demo?key=${server.operatorKey}`);
else if (!config.operatorKey) console.log(`Operator key for health details (X-Operator-Key): ${server.operatorKey}`);

/**
 * Ctrl-C finishes within 5 s: a graceful close gets 4 s (config.stopGraceMs), then the
 * database is stopped regardless. Most of a close is the embedded PostgreSQL's own stop
 * (its shutdown checkpoint): 0.3 s on a quiet machine, 3.1 s on a 2-core one with six
 * busy processes beside it, and more than 4 s in a loaded CI run.
 */
const GRACE_MS = config.stopGraceMs;
let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping…`);
  const force = setTimeout(() => process.exit(1), GRACE_MS + 800);
  // One line per failure, no stack: Ctrl-C in a terminal reaches the embedded
  // PostgreSQL too, and connections it ends first are expected, not a crash.
  const say = (e: unknown) => console.error(`while stopping: ${(e as Error)?.message ?? String(e)}`);
  const closed = await Promise.race([
    server.close().then(
      () => true,
      (e) => (say(e), false),
    ),
    new Promise<false>((r) => setTimeout(() => r(false), GRACE_MS)),
  ]);
  // An embedded PostgreSQL this process started or adopted must never outlive it.
  if (!closed) await server.platform.stopDatabase().catch(say);
  clearTimeout(force);
  process.exit(closed ? 0 : 1);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
leaveStopSignalsToCaller();

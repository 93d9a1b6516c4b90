/** Starts Spotter: database (embedded by default), projections, mail, HTTP on one port. */
import { loadConfig } from './config.ts';
import { startServer } from './server.ts';
import { ensureWebBuilt } from '../web/build/ensure-built.ts';

// `npm start`: build the dashboard first, but only when its sources changed.
if (process.argv.includes('--build-web')) ensureWebBuilt();

const config = loadConfig();
const server = await startServer(config, { logger: process.env.LOG_REQUESTS === '1' });
console.log(`Spotter is running at ${config.appUrl}`);
// The operator key opens the local outbox (it holds live sign-in links) and health details.
if (!config.smtpUrl) console.log(`E-mails go to ${config.outboxDir}; read them (operator link, keep it private) at ${config.appUrl}/email-demo?key=${server.operatorKey}`);
else if (!config.operatorKey) console.log(`Operator key for health details (X-Operator-Key): ${server.operatorKey}`);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping…`);
  const force = setTimeout(() => process.exit(1), 10_000);
  await server.close().catch((e) => console.error(e));
  clearTimeout(force);
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

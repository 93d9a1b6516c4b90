/**
 * Database restart under a light write load (issue 23): a real server process on its
 * own embedded PostgreSQL, 2 clients creating workouts (each command retried under
 * its Idempotency-Key until accepted), a websocket on the athlete's topic; the
 * database is stopped (fast shutdown, as `pg_ctl stop -m fast`) for 2 s and started
 * again. The scenario is tests/support/db-restart.ts, which the test shares.
 */
import { runDbRestart } from '../tests/support/db-restart.ts';
import { log } from './lib.ts';

export async function run(): Promise<Record<string, number>> {
  const r = await runDbRestart();
  const lost = r.acked.filter((a) => r.effects.get(a.name) !== 1).length;
  log(`  ${r.acked.length} commands acknowledged; server ${r.serverSurvived ? 'stayed up' : 'DIED'}; Ctrl-C exit code ${r.exitCode}`);
  return {
    db_restart_refused_s: r.figures.refusedSeconds,
    db_restart_commands_resume_s: r.figures.commandsResumeSeconds,
    db_restart_health_resume_s: r.figures.healthResumeSeconds,
    db_restart_realtime_resume_s: r.figures.realtimeResumeSeconds,
    db_restart_acked_lost: lost,
    db_restart_server_died: r.serverSurvived ? 0 : 1,
  };
}

/**
 * The database stopped (fast shutdown, as `pg_ctl stop -m fast` and a managed
 * database's failover do) and started again under a light write load, against a real
 * server process: the server stays up, refuses commands with 503 and Retry-After
 * while the database is away, loses no acknowledged command, and resumes by itself:
 * commands, health, and the realtime socket that stayed open. Prints the figures
 * (`npm run bench -- db_restart` prints them as a benchmark).
 */
import { describe, expect, it } from 'vitest';
import { runDbRestart } from './support/db-restart.ts';

describe('a database restart under load', () => {
  it('is survived: 503 while away, nothing acknowledged lost, realtime and health resume', { timeout: 240_000 }, async () => {
    const run = await runDbRestart();
    console.log(`db restart figures: ${JSON.stringify(run.figures)}, ${run.acked.length} commands acknowledged`);

    expect(run.serverSurvived).toBe(true);
    expect(run.output).not.toMatch(/Unhandled 'error' event|^\s+at /m);
    expect(run.refusal).toEqual({ status: 503, retryAfter: '5', body: { error: 'The database is unavailable. Please try again in a few seconds.' } });
    expect(run.readWhileDown).toEqual({ status: 503, retryAfter: '5', body: { error: 'The database is unavailable. Please try again in a few seconds.' } });
    expect(run.healthWhileDown).toMatchObject({ status: 503, retryAfter: '5', body: { status: 'database unavailable' } });
    expect(run.healthBack).toBe(true);
    expect(run.realtimeResumed).toBe(true);
    expect(run.resyncedTopics).toBe(true);
    // Every command the client was told succeeded is there, exactly once.
    expect(run.acked.filter((a) => run.effects.get(a.name) !== 1).map((a) => [a.name, run.effects.get(a.name) ?? 0])).toEqual([]);
    expect([...run.effects.values()].reduce((a, b) => a + b, 0)).toBe(run.acked.length);
    expect(run.exitCode).toBe(0);
  });
});

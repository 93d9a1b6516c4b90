/**
 * `spotter recap`: plans each athlete's recap for a week and sends it through the
 * recap aggregate, so every athlete-week is mailed once however often this runs.
 */
import os from 'node:os';
import type pg from 'pg';
import type { EventStore } from '../../src/platform/eventstore/port.ts';
import { weekRange } from '../../src/recaps/index.ts';
import { planRecaps, type PlannedRecap } from '../../src/recaps/index.ts';
import { sendRecaps, type RecapResult } from '../../src/recaps/index.ts';
import { formatDuration } from '../../emails/templates/weekly-recap.ts';
import { UsageError } from '../command.ts';

export interface RecapOptions {
  week?: string;
  coach?: string;
  dryRun?: boolean;
  now?: () => Date;
  staff?: string;
  onProgress?: (done: number, total: number) => void;
}

/** One line of the summary table (and of --json). */
export interface RecapLine {
  athlete: string;
  email: string;
  week: string;
  workouts: number;
  duration: string;
  streak: number;
  nextWorkout: string | null;
  headline: string;
  outcome: RecapResult['outcome'] | 'preview';
  error?: string;
}

export function staffUser(): string {
  try {
    return os.userInfo().username;
  } catch {
    return 'staff';
  }
}

/** Bad arguments are found before anything is read or written. */
export async function coachIdByEmail(pool: pg.Pool, email: string): Promise<string> {
  const { rows } = await pool.query<{ user_id: string; is_coach: boolean }>('SELECT user_id, is_coach FROM user_profiles WHERE lower(email) = lower($1)', [email]);
  if (!rows[0]) throw new UsageError(`No account with the e-mail ${email}.`);
  if (!rows[0].is_coach) throw new UsageError(`${email} is not a coach.`);
  return rows[0].user_id;
}

function line(plan: PlannedRecap, outcome: RecapLine['outcome'], error?: string): RecapLine {
  return {
    athlete: plan.to.name,
    email: plan.to.email,
    week: plan.week,
    workouts: plan.summary.workoutsCompleted,
    duration: formatDuration(plan.summary.totalDuration),
    streak: plan.summary.streak,
    nextWorkout: plan.summary.nextWorkout ?? null,
    headline: plan.headline,
    outcome,
    ...(error ? { error } : {}),
  };
}

export async function runRecap(deps: { pool: pg.Pool; store: EventStore }, opts: RecapOptions): Promise<RecapLine[]> {
  if (opts.week !== undefined && !weekRange(opts.week)) throw new UsageError(`--week must be an ISO week such as 2026-W47, got "${opts.week}".`);
  const coachId = opts.coach ? await coachIdByEmail(deps.pool, opts.coach) : undefined;
  const now = opts.now ?? (() => new Date());
  const plans = await planRecaps(deps.pool, { now: now(), week: opts.week, coachId });
  if (opts.dryRun) return plans.map((p) => line(p, 'preview'));
  const results = await sendRecaps(deps.store, plans, { now, staff: opts.staff ?? staffUser(), onProgress: opts.onProgress });
  return results.map((r) => line(r, r.outcome, r.error));
}

/** 0 when every recap went out (or was already out), 1 when some failed. */
export function recapExitCode(lines: RecapLine[]): number {
  return lines.some((l) => l.outcome === 'failed') ? 1 : 0;
}

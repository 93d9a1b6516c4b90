/**
 * `spotter recap`: plans each athlete's recap for a week and sends it through the
 * recap aggregate, so every athlete-week is mailed once however often this runs.
 */
import os from 'node:os';
import type pg from 'pg';
import type { EventStore } from '../../src/platform/eventstore/port.ts';
import { lastCompleteWeek, planRecaps, recapRecipients, sendRecaps, weekRange, weeksSent, type PlannedRecap } from '../../src/recaps/index.ts';
import { todayIn } from '../../src/accounts/index.ts';
import { UsageError } from '../command.ts';
import { serverRunning } from './server.ts';

export interface RecapOptions {
  week?: string;
  coach?: string;
  dryRun?: boolean;
  /** Send again what was already sent (a deliberate resend); finished weeks only, as always. */
  force?: boolean;
  now?: () => Date;
  staff?: string;
  onProgress?: (done: number, total: number) => void;
  /** Ctrl-C: the recap being decided finishes, no other starts, and the report lists the rest as `not started`. */
  signal?: AbortSignal;
}

export type RecapLineOutcome = 'queued' | 'resent' | 'already sent' | 'failed' | 'would queue' | 'would resend' | 'not started';

/** One line of the summary table (and of --json). */
export interface RecapLine {
  athlete: string;
  email: string;
  week: string;
  /** Monday and Sunday of the week. */
  from: string;
  to: string;
  workouts: number;
  /** Time trained in the week, in seconds. */
  durationSeconds: number;
  streak: number;
  nextWorkout: string | null;
  headline: string;
  outcome: RecapLineOutcome;
  error?: string;
}

export interface RecapReport {
  dryRun: boolean;
  /** The weeks recapped (one unless athletes live in time zones on either side of a Monday). */
  weeks: string[];
  totals: Record<RecapLineOutcome, number> & { recaps: number };
  /** False: the mails wait in the event store until a server runs the mail reactor. */
  serverRunning: boolean;
  lines: RecapLine[];
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
  // Every self-registered account may coach (is_coach), so an athlete who signed up is one
  // too on paper: someone coached by another and coaching nobody is an athlete here.
  const { rows } = await pool.query<{ user_id: string; is_coach: boolean; coached_by: string | null; coaches_someone: boolean }>(
    `SELECT p.user_id, p.is_coach,
            (SELECT c.email FROM client_links l JOIN user_profiles c ON c.user_id = l.coach_id WHERE l.athlete_id = p.user_id ORDER BY c.email LIMIT 1) AS coached_by,
            EXISTS (SELECT 1 FROM client_links l WHERE l.coach_id = p.user_id) AS coaches_someone
       FROM user_profiles p WHERE lower(p.email) = lower($1)`,
    [email],
  );
  const u = rows[0];
  if (!u) throw new UsageError(`No account with the e-mail ${email}.`);
  if (!u.is_coach || (u.coached_by && !u.coaches_someone))
    throw new UsageError(`${email} is not a coach${u.coached_by ? ` (an athlete of ${u.coached_by})` : ''}: give the coach's e-mail with --coach.`);
  return u.user_id;
}

function line(plan: PlannedRecap, outcome: RecapLineOutcome, error?: string): RecapLine {
  const range = weekRange(plan.week)!;
  return {
    athlete: plan.to.name,
    email: plan.to.email,
    week: plan.week,
    from: range.start,
    to: range.end,
    workouts: plan.summary.workoutsCompleted,
    durationSeconds: Math.round(plan.summary.totalDuration * 60),
    streak: plan.summary.streak,
    nextWorkout: plan.summary.nextWorkout ?? null,
    headline: plan.headline,
    outcome,
    ...(error ? { error } : {}),
  };
}

const OUTCOMES: RecapLineOutcome[] = ['queued', 'resent', 'already sent', 'failed', 'would queue', 'would resend', 'not started'];

/**
 * Refuses a week that has not ended for some athlete (in their own time zone): its
 * recap would be about days not lived yet, and marking it sent would block the real one.
 */
async function assertWeekOver(pool: pg.Pool, week: string, coachId: string | undefined, now: Date): Promise<void> {
  const unfinished = (await recapRecipients(pool, coachId)).filter((a) => lastCompleteWeek(todayIn(a.time_zone, now)) < week);
  if (unfinished.length === 0) return;
  const { start, end } = weekRange(week)!;
  throw new UsageError(
    `${week} (${start} to ${end}) has not ended yet for ${unfinished.length} athlete(s), e.g. ${unfinished[0].email}: recaps are sent only for finished weeks, and --force does not change that.`,
  );
}

/** Plans the recaps (figures from the dashboard's definitions), and sends them unless it is a dry run. */
export async function runRecap(deps: { pool: pg.Pool; store: EventStore }, opts: RecapOptions): Promise<RecapReport> {
  if (opts.week !== undefined && !weekRange(opts.week)) throw new UsageError(`--week must be an ISO week such as 2026-W47, got "${opts.week}".`);
  const coachId = opts.coach ? await coachIdByEmail(deps.pool, opts.coach) : undefined;
  const now = opts.now ?? (() => new Date());
  if (opts.week !== undefined) await assertWeekOver(deps.pool, opts.week, coachId, now());
  const plans = await planRecaps(deps.pool, { now: now(), week: opts.week, coachId });
  let lines: RecapLine[];
  if (opts.dryRun) {
    // What a real run would do: a week already on the athlete's recap stream is not sent again.
    lines = [];
    for (const p of plans) {
      const sent = (await weeksSent(deps.store, p.to.athleteId)).has(p.week);
      lines.push(line(p, sent ? (opts.force ? 'would resend' : 'already sent') : 'would queue'));
    }
  } else {
    const results = await sendRecaps(deps.store, plans, { now, staff: opts.staff ?? staffUser(), onProgress: opts.onProgress, resend: opts.force, signal: opts.signal });
    lines = results.map((r) => line(r, r.outcome === 'sent' ? 'queued' : r.outcome, r.error));
    lines.push(...plans.slice(results.length).map((p) => line(p, 'not started')));
  }
  const totals = Object.fromEntries(OUTCOMES.map((o) => [o, lines.filter((l) => l.outcome === o).length])) as RecapReport['totals'];
  return {
    dryRun: opts.dryRun === true,
    weeks: [...new Set(lines.map((l) => l.week))].sort(),
    totals: { ...totals, recaps: lines.length },
    serverRunning: await serverRunning(deps.pool),
    lines,
  };
}

/** 0 when every recap went out (or was already out), 1 when some failed or were not started (Ctrl-C). */
export function recapExitCode(report: RecapReport): number {
  return report.lines.some((l) => l.outcome === 'failed' || l.outcome === 'not started') ? 1 : 0;
}

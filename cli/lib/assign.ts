/**
 * `spotter assign`: one template to many athletes of a coach, through the same
 * assignment command as the Assign dialog. Idempotent: the assignment's id comes from
 * template, athlete and start date, so a second run finds every assignment made.
 */
import type pg from 'pg';
import type { EventStore } from '../../src/platform/eventstore/port.ts';
import { isCalendarDate } from '../../src/training/index.ts';
import { todayFor } from '../../src/accounts/index.ts';
import { assignTemplate, existingAssignment, loadTemplate } from '../../src/templates/index.ts';
import { endDate, schedulePreview, workoutCount, type PreviewDay } from '../../src/templates/index.ts';
import { DomainError } from '../../src/kernel/decider.ts';
import { UsageError } from '../command.ts';
import { coachIdByEmail, staffUser } from './recap.ts';
import type { AthleteEntry } from './athlete-list.ts';
import { serverRunning } from './server.ts';

/** Assignments decided side by side (each its own stream); the pool has room for them. */
const IN_FLIGHT = 6;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface AssignOptions {
  template: string;
  coach: string;
  start: string;
  athletes: AthleteEntry[];
  dryRun?: boolean;
  /** Validate every line first and assign nobody if any line is unusable. */
  allOrNothing?: boolean;
  /** Ctrl-C: assignments under way finish, no new one starts, and the report says so. */
  signal?: AbortSignal;
  now?: () => Date;
  staff?: string;
  onProgress?: (done: number, total: number) => void;
}

export type AssignOutcome = 'assigned' | 'already assigned' | 'would assign' | 'skipped' | 'failed' | 'not applied' | 'not started';

export interface AssignLine {
  line: number;
  email: string;
  outcome: AssignOutcome;
  /** Workouts the assignment schedules (or would). */
  workouts: number;
  assignmentId?: string;
  endDate?: string;
  reason?: string;
}

export interface AssignReport {
  template: { id: string; name: string; workouts: number };
  startDate: string;
  /** The first seven days with workouts, as the Assign dialog previews them. */
  preview: { days: PreviewDay[]; moreDays: number };
  lines: AssignLine[];
  totals: Record<AssignOutcome, number> & { athletes: number; workoutsScheduled: number };
  /** True when the run stopped early (Ctrl-C): the lines `not started` were not tried. */
  interrupted: boolean;
  /** False: the assignments are stored, but their workouts and mails wait for a server to run the reactors. */
  serverRunning: boolean;
  elapsedMs: number;
}

const OUTCOMES: AssignOutcome[] = ['assigned', 'already assigned', 'would assign', 'skipped', 'failed', 'not applied', 'not started'];

/** The coach's own template, by id or by exact name (case-insensitive). */
async function resolveTemplate(pool: pg.Pool, coachId: string, ref: string): Promise<string> {
  const byId = UUID.test(ref);
  const { rows } = await pool.query<{ id: string; name: string }>(
    `SELECT id, name FROM program_templates WHERE owner_id = $1 AND NOT deleted AND ${byId ? 'id = $2::uuid' : 'lower(name) = lower($2)'}`,
    [coachId, ref],
  );
  if (rows.length === 0) {
    const own = await templatesOf(pool, coachId);
    const list = own.length ? `Their templates: ${own.map((t) => `"${t.name}"`).join(', ')}.` : 'They have no templates yet.';
    throw new UsageError(`The coach has no template ${byId ? 'with the id' : 'named'} "${ref}". ${list} (\`spotter templates --coach <email>\` lists them with ids.)`);
  }
  if (rows.length > 1) throw new UsageError(`Several templates are named "${ref}": use an id (${rows.map((r) => r.id).join(', ')}).`);
  return rows[0].id;
}

async function templatesOf(pool: pg.Pool, coachId: string): Promise<{ id: string; name: string }[]> {
  const { rows } = await pool.query<{ id: string; name: string }>('SELECT id, name FROM program_templates WHERE owner_id = $1 AND NOT deleted ORDER BY lower(name) LIMIT 50', [
    coachId,
  ]);
  return rows;
}

/** Who each e-mail is, and whether that athlete is linked to the coach. */
async function athletesOf(pool: pg.Pool, coachId: string, emails: string[]): Promise<Map<string, { id: string; linked: boolean }>> {
  const { rows } = await pool.query<{ email: string; user_id: string; linked: boolean }>(
    `SELECT lower(p.email) AS email, p.user_id,
            EXISTS (SELECT 1 FROM client_links l WHERE l.coach_id = $1 AND l.athlete_id = p.user_id) AS linked
       FROM user_profiles p WHERE lower(p.email) = ANY($2::text[])`,
    [coachId, emails],
  );
  return new Map(rows.map((r) => [r.email, { id: r.user_id, linked: r.linked }]));
}

export async function runAssign(deps: { pool: pg.Pool; store: EventStore }, opts: AssignOptions): Promise<AssignReport> {
  const started = Date.now();
  const now = opts.now ?? (() => new Date());
  // Everything that is wrong with the arguments is found before anything is written.
  if (!/^\d{4}-\d{2}-\d{2}$/.test(opts.start) || !isCalendarDate(opts.start)) throw new UsageError(`--start must be a date YYYY-MM-DD, got "${opts.start}".`);
  const coachId = await coachIdByEmail(deps.pool, opts.coach);
  const today = await todayFor(deps.pool, coachId, now());
  if (opts.start < today) throw new UsageError(`--start ${opts.start} is before today (${today}) in the coach's time zone.`);
  const templateId = await resolveTemplate(deps.pool, coachId, opts.template);
  const template = await loadTemplate(deps.store, templateId);
  const days = template.content!.workouts;
  const perAthlete = workoutCount(days);
  if (perAthlete === 0) throw new UsageError(`The template "${template.content!.name}" has no workouts.`);

  const known = await athletesOf(deps.pool, coachId, [...new Set(opts.athletes.map((a) => a.email))]);
  const seen = new Set<string>();
  const lines: AssignLine[] = [];
  const todo: { entry: AthleteEntry; athleteId: string }[] = [];
  for (const entry of opts.athletes) {
    const athlete = known.get(entry.email);
    const skip = (reason: string) => lines.push({ line: entry.line, email: entry.email, outcome: 'skipped', workouts: 0, reason });
    if (entry.problem) skip(entry.problem);
    else if (seen.has(entry.email)) skip('duplicate e-mail');
    else if (!athlete) skip('no account with this e-mail');
    else if (!athlete.linked) skip('not linked to this coach');
    else todo.push({ entry, athleteId: athlete.id });
    seen.add(entry.email);
  }

  const key = (athleteId: string) => `cli:${templateId}:${athleteId}:${opts.start}`;
  // All or nothing: one unusable line and nobody is assigned (nothing is written).
  const refused = opts.allOrNothing === true && lines.length > 0;
  if (refused) {
    for (const { entry } of todo) lines.push({ line: entry.line, email: entry.email, outcome: 'not applied', workouts: 0, reason: 'another line is unusable (--all-or-nothing)' });
    todo.length = 0;
  }

  const staff = opts.staff ?? staffUser();
  const assignOne = async ({ entry, athleteId }: (typeof todo)[number]) => {
    if (opts.dryRun) {
      // What a real run would answer: an assignment made before is found by its key.
      const made = await existingAssignment(deps, coachId, key(athleteId));
      lines.push(
        made
          ? { line: entry.line, email: entry.email, outcome: 'already assigned', workouts: made.created_count, assignmentId: made.assignment_id, endDate: made.end_date }
          : { line: entry.line, email: entry.email, outcome: 'would assign', workouts: perAthlete, endDate: endDate(opts.start, days) },
      );
      return;
    }
    try {
      const r = await assignTemplate(
        { pool: deps.pool, store: deps.store, now },
        { coachId, templateId, athleteId, startDate: opts.start, idempotencyKey: key(athleteId), actor: staff },
      );
      lines.push({
        line: entry.line,
        email: entry.email,
        outcome: r.created ? 'assigned' : 'already assigned',
        workouts: r.created_count,
        assignmentId: r.assignment_id,
        endDate: r.end_date,
      });
    } catch (e) {
      const reason = e instanceof DomainError ? e.message : `unexpected: ${(e as Error).message}`;
      lines.push({ line: entry.line, email: entry.email, outcome: 'failed', workouts: 0, reason });
    }
    opts.onProgress?.(lines.length, opts.athletes.length);
  };
  // Each assignment is a stream of its own: several at once never conflict.
  const queue = [...todo];
  await Promise.all(
    Array.from({ length: Math.min(IN_FLIGHT, queue.length) }, async () => {
      while (!opts.signal?.aborted) {
        const next = queue.shift();
        if (!next) break;
        await assignOne(next);
      }
    }),
  );
  const interrupted = opts.signal?.aborted === true && !opts.dryRun;
  for (const { entry } of queue) lines.push({ line: entry.line, email: entry.email, outcome: 'not started', workouts: 0, reason: 'interrupted' });
  lines.sort((a, b) => a.line - b.line);
  const tally = Object.fromEntries(OUTCOMES.map((o) => [o, lines.filter((l) => l.outcome === o).length])) as Record<AssignOutcome, number>;
  return {
    template: { id: templateId, name: template.content!.name, workouts: perAthlete },
    startDate: opts.start,
    preview: schedulePreview(opts.start, days),
    lines,
    totals: {
      ...tally,
      athletes: lines.length,
      workoutsScheduled: lines.filter((l) => l.outcome === 'assigned').reduce((n, l) => n + l.workouts, 0),
    },
    interrupted,
    serverRunning: await serverRunning(deps.pool),
    elapsedMs: Date.now() - started,
  };
}

/**
 * 0 when every athlete is assigned (now or before); 2 when --all-or-nothing refused the
 * lot (bad input, nothing done); 1 when a line was skipped or failed, or Ctrl-C stopped the run.
 */
export function assignExitCode(report: AssignReport): number {
  if (report.totals['not applied'] > 0) return 2;
  return report.interrupted || report.lines.some((l) => l.outcome === 'skipped' || l.outcome === 'failed') ? 1 : 0;
}

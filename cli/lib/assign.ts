/**
 * `spotter assign`: one template to many athletes of a coach, through the same
 * assignment command as the Assign dialog. Idempotent: the assignment's id comes from
 * template, athlete and start date, so a second run finds every assignment made.
 */
import type pg from 'pg';
import type { EventStore } from '../../src/platform/eventstore/port.ts';
import { isCalendarDate } from '../../src/training/index.ts';
import { todayFor } from '../../src/accounts/index.ts';
import { assignTemplate, loadTemplate } from '../../src/templates/index.ts';
import { schedulePreview, workoutCount, type PreviewDay } from '../../src/templates/index.ts';
import { DomainError } from '../../src/kernel/decider.ts';
import { UsageError } from '../command.ts';
import { coachIdByEmail, staffUser } from './recap.ts';
import type { AthleteEntry } from './athlete-list.ts';

/** Assignments decided side by side (each its own stream); the pool has room for them. */
const IN_FLIGHT = 6;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface AssignOptions {
  template: string;
  coach: string;
  start: string;
  athletes: AthleteEntry[];
  dryRun?: boolean;
  now?: () => Date;
  staff?: string;
  onProgress?: (done: number, total: number) => void;
}

export type AssignOutcome = 'assigned' | 'already assigned' | 'would assign' | 'skipped' | 'failed';

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
  elapsedMs: number;
}

/** The coach's own template, by id or by exact name (case-insensitive). */
async function resolveTemplate(pool: pg.Pool, coachId: string, ref: string): Promise<string> {
  const byId = UUID.test(ref);
  const { rows } = await pool.query<{ id: string; name: string }>(
    `SELECT id, name FROM program_templates WHERE owner_id = $1 AND NOT deleted AND ${byId ? 'id = $2::uuid' : 'lower(name) = lower($2)'}`,
    [coachId, ref],
  );
  if (rows.length === 0) throw new UsageError(`The coach has no template ${byId ? 'with the id' : 'named'} "${ref}".`);
  if (rows.length > 1) throw new UsageError(`Several templates are named "${ref}": use an id (${rows.map((r) => r.id).join(', ')}).`);
  return rows[0].id;
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
    if (!entry.email.includes('@')) skip('not an e-mail address');
    else if (seen.has(entry.email)) skip('duplicate e-mail');
    else if (!athlete) skip('no account with this e-mail');
    else if (!athlete.linked) skip('not linked to this coach');
    else todo.push({ entry, athleteId: athlete.id });
    seen.add(entry.email);
  }

  const staff = opts.staff ?? staffUser();
  const assignOne = async ({ entry, athleteId }: (typeof todo)[number]) => {
    if (opts.dryRun) {
      lines.push({ line: entry.line, email: entry.email, outcome: 'would assign', workouts: perAthlete });
      return;
    }
    try {
      const r = await assignTemplate(
        { pool: deps.pool, store: deps.store, now },
        { coachId, templateId, athleteId, startDate: opts.start, idempotencyKey: `cli:${templateId}:${athleteId}:${opts.start}`, actor: staff },
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
      for (let next = queue.shift(); next; next = queue.shift()) await assignOne(next);
    }),
  );
  lines.sort((a, b) => a.line - b.line);
  return {
    template: { id: templateId, name: template.content!.name, workouts: perAthlete },
    startDate: opts.start,
    preview: schedulePreview(opts.start, days),
    lines,
    elapsedMs: Date.now() - started,
  };
}

/** 0 when every athlete is assigned (now or before), 1 when any line was skipped or failed. */
export function assignExitCode(report: AssignReport): number {
  return report.lines.some((l) => l.outcome === 'skipped' || l.outcome === 'failed') ? 1 : 0;
}

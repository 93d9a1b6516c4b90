/**
 * "New workout assigned", batched (the welcome mail promises it): when a coach
 * schedules or changes an athlete's workouts, the athlete gets at most one mail per
 * hour listing what changed, never one per workout.
 *
 * Two halves:
 * - the reactor `workout_mail_collector` (checkpointed like a projection) writes each
 *   relevant event as a row of `workout_mail_pending`, one INSERT per batch, keyed by
 *   event id (rows stay after mailing, marked `mailed_at`), so a replayed or
 *   repeated batch adds nothing;
 * - `flushWorkoutMails` (run every minute by the feature) takes, in one transaction,
 *   the pending rows of every athlete who was not mailed in the last hour and whose
 *   first change has settled for a few minutes, and queues one `workout-assigned`
 *   mail per athlete in `email_outbox` under a key made from those rows' event ids,
 *   so a retried flush cannot queue the same batch twice.
 *
 * Left out on purpose: workouts from a template assignment (that sends its own single
 * mail), seeded data (metadata source 'seed'), workouts dated before the athlete's
 * today, and the athlete's own changes to their plan.
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { StoredEvent } from '../platform/eventstore/port.ts';
import type { Projection } from '../platform/projections/projection.ts';
import type { TrainingEvent } from './domain/events.ts';
import { enqueueMail } from '../platform/mail/outbox.ts';
import { todayIn } from '../accounts/index.ts';

export const BATCH_WINDOW_MS = 60 * 60 * 1000;
/** A coach planning a week clicks for a few minutes: wait for the burst to end. */
export const SETTLE_MS = 5 * 60 * 1000;

type Change = 'scheduled' | 'revised' | 'moved' | 'deleted';

interface PendingRow {
  eventId: string;
  athleteId: string;
  workoutId: string;
  coachId: string | null;
  change: Change;
  date: string;
  name: string | null;
  at: Date;
  /** The event's place in the store: the order changes happened in. */
  checkpoint: string;
}

const HANDLED = ['WorkoutScheduled', 'WorkoutRevised', 'WorkoutMoved', 'WorkoutDeleted'] as const;

/** The change an event stands for, or null when it is not mailed. */
function changeOf(stored: StoredEvent): Omit<PendingRow, 'at' | 'checkpoint'> | null {
  if (stored.metadata.source === 'seed') return null;
  const e = stored as unknown as TrainingEvent;
  const actor = stored.metadata.userId ?? null;
  const base = { eventId: stored.id, coachId: actor };
  switch (e.type) {
    case 'WorkoutScheduled':
      if (e.data.templateId || e.data.assignmentId) return null;
      if (e.data.scheduledBy === e.data.athleteId) return null;
      return { ...base, coachId: e.data.scheduledBy, athleteId: e.data.athleteId, workoutId: e.data.workoutId, change: 'scheduled', date: e.data.date, name: e.data.name };
    case 'WorkoutRevised':
      if (e.data.assignmentId || actor === e.data.athleteId) return null;
      return { ...base, athleteId: e.data.athleteId, workoutId: e.data.workoutId, change: 'revised', date: e.data.date, name: e.data.name };
    case 'WorkoutMoved':
      if (actor === e.data.athleteId) return null;
      return { ...base, athleteId: e.data.athleteId, workoutId: e.data.workoutId, change: 'moved', date: e.data.toDate, name: null };
    case 'WorkoutDeleted':
      if (actor === e.data.athleteId) return null;
      return { ...base, athleteId: e.data.athleteId, workoutId: e.data.workoutId, change: 'deleted', date: e.data.date, name: null };
    default:
      return null;
  }
}

export function workoutMailCollector(): Projection {
  return {
    name: 'workout_mail_collector',
    version: 1,
    reactor: true,
    tables: {},
    handles: HANDLED,
    async apply(events, { tx }) {
      const candidates: PendingRow[] = [];
      for (const stored of events) {
        const c = changeOf(stored);
        // The command's own clock (metadata.at) where it has one, like the mail reactor.
        if (c) candidates.push({ ...c, at: stored.metadata.at ? new Date(stored.metadata.at) : stored.time, checkpoint: stored.checkpoint });
      }
      if (candidates.length === 0) return [];
      // Each athlete's own today: a workout dated before it is history, not news.
      const athletes = [...new Set(candidates.map((c) => c.athleteId))];
      const { rows } = await tx.query<{ user_id: string; time_zone: string }>('SELECT user_id, time_zone FROM user_profiles WHERE user_id = ANY($1::uuid[])', [athletes]);
      const zones = new Map(rows.map((r) => [r.user_id, r.time_zone]));
      const kept = candidates.filter((c) => c.date >= todayIn(zones.get(c.athleteId) ?? 'UTC', c.at));
      if (kept.length === 0) return [];
      await tx.query(
        `INSERT INTO workout_mail_pending (event_id, athlete_id, workout_id, coach_id, change, date, name, happened_at, checkpoint)
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::uuid[], $5::text[], $6::date[], $7::text[], $8::timestamptz[], $9::text[])
         ON CONFLICT (event_id) DO NOTHING`,
        [
          kept.map((r) => r.eventId),
          kept.map((r) => r.athleteId),
          kept.map((r) => r.workoutId),
          kept.map((r) => r.coachId),
          kept.map((r) => r.change),
          kept.map((r) => r.date),
          kept.map((r) => r.name),
          kept.map((r) => r.at),
          kept.map((r) => r.checkpoint),
        ],
      );
      return [];
    },
  };
}

const VERB: Record<Change, string> = { scheduled: 'New', revised: 'Changed', moved: 'Moved to this day', deleted: 'Removed' };

function dayLabel(date: string): string {
  return new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

interface DueRow {
  event_id: string;
  athlete_id: string;
  workout_id: string;
  change: Change;
  date: string;
  name: string | null;
  happened_at: Date;
  coach_name: string | null;
  athlete_name: string;
  athlete_email: string;
}

/**
 * Queues the due batches (see the header). Returns how many mails it queued.
 * Safe to run from several servers at once: rows are claimed with SKIP LOCKED.
 */
export async function flushWorkoutMails(pool: pg.Pool, now: Date, appUrl: string): Promise<number> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const { rows } = await client.query<DueRow>(
      `WITH due AS (
         SELECT p.athlete_id FROM workout_mail_pending p
         LEFT JOIN workout_mail_sent s ON s.athlete_id = p.athlete_id
         WHERE p.mailed_at IS NULL
         GROUP BY p.athlete_id, s.last_sent_at
         HAVING min(p.happened_at) <= $1::timestamptz - make_interval(secs => $2::double precision / 1000)
            AND (s.last_sent_at IS NULL OR s.last_sent_at <= $1::timestamptz - make_interval(secs => $3::double precision / 1000))
       ), claimed AS (
         SELECT p.* FROM workout_mail_pending p WHERE p.mailed_at IS NULL AND p.athlete_id IN (SELECT athlete_id FROM due)
         FOR UPDATE SKIP LOCKED
       )
       SELECT c.event_id, c.athlete_id, c.workout_id, c.change, c.date, c.name, c.happened_at,
              coalesce(coach.display_name, coach.full_name) AS coach_name,
              coalesce(a.display_name, a.full_name) AS athlete_name, a.email AS athlete_email
         FROM claimed c
         JOIN user_profiles a ON a.user_id = c.athlete_id
         LEFT JOIN user_profiles coach ON coach.user_id = c.coach_id
        ORDER BY c.athlete_id, c.checkpoint, c.happened_at, c.event_id`,
      [now, SETTLE_MS, BATCH_WINDOW_MS],
    );
    const byAthlete = new Map<string, DueRow[]>();
    for (const r of rows) byAthlete.set(r.athlete_id, [...(byAthlete.get(r.athlete_id) ?? []), r]);

    const mails: { key: string; recipient: string; data: Record<string, unknown> }[] = [];
    for (const [, changes] of byAthlete) {
      // The last word on each workout: scheduled then revised is still "New"; removed wins.
      const perWorkout = new Map<string, DueRow & { first: Change }>();
      for (const c of changes) {
        const before = perWorkout.get(c.workout_id);
        perWorkout.set(c.workout_id, { ...c, name: c.name ?? before?.name ?? null, first: before?.first ?? c.change });
      }
      const lines = [...perWorkout.values()]
        .filter((w) => !(w.first === 'scheduled' && w.change === 'deleted'))
        .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
        .map((w) => `${dayLabel(w.date)}: ${w.name?.trim() || 'Workout'} (${VERB[w.first === 'scheduled' && w.change !== 'deleted' ? 'scheduled' : w.change]})`);
      const first = changes[0];
      if (lines.length === 0) continue;
      const coachName = changes.find((c) => c.coach_name)?.coach_name ?? 'Your coach';
      // Stable key: the same claimed rows always make the same outbox key.
      const key = `workout-batch:${createHash('sha256')
        .update(changes.map((c) => c.event_id).join(','))
        .digest('hex')
        .slice(0, 32)}`;
      mails.push({
        key,
        recipient: first.athlete_email.toLowerCase(),
        data: {
          athleteName: first.athlete_name,
          coachName,
          workoutName: lines.length === 1 ? lines[0] : `${lines.length} workout changes`,
          changes: lines,
          link: `${appUrl}/training`,
        },
      });
    }
    const athletes = [...byAthlete.keys()];
    if (athletes.length > 0) {
      await client.query('UPDATE workout_mail_pending SET mailed_at = $2 WHERE event_id = ANY($1::uuid[])', [rows.map((r) => r.event_id), now]);
      await client.query(
        `INSERT INTO workout_mail_sent (athlete_id, last_sent_at) SELECT unnest($1::uuid[]), $2
         ON CONFLICT (athlete_id) DO UPDATE SET last_sent_at = EXCLUDED.last_sent_at`,
        [athletes, now],
      );
    }
    await enqueueMail(
      client,
      mails.map((m) => ({ key: m.key, kind: 'workout-assigned', recipient: m.recipient, data: m.data })),
    );
    await client.query('COMMIT');
    return mails.length;
  } catch (e) {
    await client.query('ROLLBACK').catch(() => {});
    throw e;
  } finally {
    client.release();
  }
}

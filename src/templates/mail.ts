/**
 * TemplateAssigned → the spec's "new workout assigned" e-mail to the athlete, once
 * per assignment (not once per workout). Runs in the mail reactor's transaction, so
 * it is queued exactly once and goes out through the outbox with its hourly limit.
 */
import type { MailRule } from '../platform/mail/reactor.ts';
import { displayName } from '../accounts/index.ts';
import type { AssignmentEvent } from './domain/events.ts';

type Assigned = Extract<AssignmentEvent, { type: 'TemplateAssigned' }>['data'];

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Mon 7 Dec 2026": a calendar day, no time zone involved. */
function longDate(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  return `${DAYS[d.getUTCDay()]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

export const assignedMailRule: MailRule = async (e, { tx, appUrl }) => {
  const d = e.data as Assigned;
  const { rows } = await tx.query<{ user_id: string; email: string; display_name: string | null; first_name: string | null; last_name: string | null; full_name: string }>(
    'SELECT user_id, email, display_name, first_name, last_name, full_name FROM user_profiles WHERE user_id = ANY($1::uuid[])',
    [[d.athleteId, d.coachId]],
  );
  const athlete = rows.find((r) => r.user_id === d.athleteId);
  const coach = rows.find((r) => r.user_id === d.coachId);
  if (!athlete) return [];
  const name = (r: typeof athlete | undefined) => displayName(r ? { ...r, name: r.full_name } : null);
  const count = d.workouts.length;
  return [
    {
      kind: 'workout-assigned',
      recipient: athlete.email,
      data: {
        athleteName: name(athlete),
        coachName: name(coach),
        workoutName: count === 1 ? d.templateName : `${d.templateName}, ${count} workouts from ${longDate(d.startDate)} to ${longDate(d.endDate)}`,
        schedule: [...d.workouts].sort((a, b) => a.targetDate.localeCompare(b.targetDate)).map((w) => `${longDate(w.targetDate)}: ${w.name}`),
        link: `${appUrl}/training`,
      },
    },
  ];
};

/**
 * TemplateAssigned → the spec's "new workout assigned" e-mail to the athlete, once
 * per assignment (not once per workout). Runs in the mail reactor's transaction, so
 * it is queued exactly once and goes out through the outbox with its hourly limit.
 */
import type { MailRule } from '../platform/mail/reactor.ts';
import { displayName } from '../accounts/index.ts';
import type { AssignmentEvent } from './domain/events.ts';

type Assigned = Extract<AssignmentEvent, { type: 'TemplateAssigned' }>['data'];

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
        workoutName: `${d.templateName} (${count} workout${count === 1 ? '' : 's'} from ${d.startDate} to ${d.endDate})`,
        link: `${appUrl}/training`,
      },
    },
  ];
};

import { useUser } from '../../../lib/auth';
import { useTopic } from '../../../lib/realtime';
import { myCoachesKey, useMyCoaches } from '../api/my-coaches';
import { topicOf } from '@kernel';

/**
 * Where the athlete stands with each coach: "Waiting for <coach> to confirm" once they
 * accepted an invitation, "You're coached by <coach>" once the coach linked them. Both
 * changes arrive on the user's own topic, so the line updates without a reload.
 */
export function CoachedBy() {
  const user = useUser();
  const { data } = useMyCoaches();
  useTopic(topicOf.user(user.id), [myCoachesKey]);
  const coaches = data?.coaches ?? [];
  if (coaches.length === 0) return null;
  return (
    <ul className="coached-by" aria-label="Your coaches">
      {coaches.map((c) => (
        <li key={c.coach_id} className={c.status === 'linked' ? 'coached-by__item coached-by__item--linked' : 'coached-by__item'}>
          {c.status === 'linked' ? `You're coached by ${c.coach_name}` : `Waiting for ${c.coach_name} to confirm`}
        </li>
      ))}
    </ul>
  );
}

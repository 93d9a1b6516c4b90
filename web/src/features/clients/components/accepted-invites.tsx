import { useEffect, useRef, useState } from 'react';
import { useAuth } from '../../../lib/auth';
import { useTopic } from '../../../lib/realtime';
import { linksQueryKey, useAcceptedNotLinked } from '../api/accepted-not-linked';
import { invitesQueryKey, type Invite } from '../api/manage-invites';
import './clients.css';
import { topicOf } from '@kernel';

const TOAST_MS = 10_000;

/** Follows the coach's own topic, where an acceptance or a link shows up, on every page. */
function useLiveAcceptedNotLinked(coachId: string) {
  useTopic(topicOf.coach(coachId), [invitesQueryKey, linksQueryKey]);
  return useAcceptedNotLinked();
}

function CountBadge({ coachId }: { coachId: string }) {
  const waiting = useLiveAcceptedNotLinked(coachId);
  const count = waiting?.length ?? 0;
  if (count === 0) return null;
  return (
    <span className="clients-nav-badge" aria-label={`${count} accepted ${count === 1 ? 'invite' : 'invites'} to link`}>
      {count}
    </span>
  );
}

/** The Clients navigation item's count of accepted invites waiting for the coach's Link. */
export function ClientsNavBadge() {
  const user = useAuth().user;
  return user?.isCoach ? <CountBadge coachId={user.id} /> : null;
}

function Toasts({ coachId }: { coachId: string }) {
  const waiting = useLiveAcceptedNotLinked(coachId);
  // What was waiting when the page opened is not news.
  const seen = useRef<Set<string> | null>(null);
  const [toasts, setToasts] = useState<Invite[]>([]);

  useEffect(() => {
    if (!waiting) return;
    if (seen.current === null) {
      seen.current = new Set(waiting.map((i) => i.id));
      return;
    }
    const fresh = waiting.filter((i) => !seen.current!.has(i.id));
    if (fresh.length === 0) return;
    fresh.forEach((i) => seen.current!.add(i.id));
    setToasts((list) => [...list, ...fresh]);
    const ids = new Set(fresh.map((i) => i.id));
    window.setTimeout(() => setToasts((list) => list.filter((i) => !ids.has(i.id))), TOAST_MS);
  }, [waiting]);

  return (
    <div className="clients-toasts" role="status" aria-live="polite">
      {toasts.map((i) => (
        <p key={i.id} className="clients-toast">
          {i.email} accepted your invitation. Link them from Clients.
        </p>
      ))}
    </div>
  );
}

/** "<email> accepted your invitation" toasts, for coaches, wherever they are in the app. */
export function AcceptedInviteToasts() {
  const user = useAuth().user;
  return user?.isCoach ? <Toasts coachId={user.id} /> : null;
}

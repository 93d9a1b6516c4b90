import { Button } from '../../../components/ui/button';
import type { Invite } from '../api/manage-invites';

type AcceptedProps = { invites: Invite[]; linkingEmail: string | null; onLink: (email: string) => void };

/** Accepted invites whose e-mail is not a client yet, each ready to be linked. */
export function AcceptedNotLinked({ invites, linkingEmail, onLink }: AcceptedProps) {
  if (invites.length === 0) return null;
  return (
    <section className="clients-section" aria-labelledby="accepted-not-linked">
      <h2 id="accepted-not-linked" className="clients-section__title">
        Accepted but Not Linked
      </h2>
      <ul className="invite-list">
        {invites.map((invite) => (
          <li key={invite.id} className="invite-list__item">
            <span className="invite-list__email">{invite.email}</span>
            <span className="clients-pill clients-pill--success">Ready to link</span>
            <Button size="sm" onClick={() => onLink(invite.email)} isLoading={linkingEmail === invite.email} aria-label={`Link ${invite.email}`}>
              Link
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

type PendingProps = {
  invites: Invite[];
  cancellingId: string | null;
  onCancel: (inviteId: string) => void;
  resendingId: string | null;
  onResend: (inviteId: string) => void;
};

/** Invitations still waiting for an answer; a coach may withdraw one (and send it again). */
export function PendingInvites({ invites, cancellingId, onCancel, resendingId, onResend }: PendingProps) {
  if (invites.length === 0) return null;
  return (
    <section className="clients-section" aria-labelledby="pending-invites">
      <h2 id="pending-invites" className="clients-section__title">
        Pending Invites
      </h2>
      <ul className="invite-list">
        {invites.map((invite) => (
          <li key={invite.id} className="invite-list__item">
            <span className="invite-list__email">{invite.email}</span>
            <span className="clients-pill">Waiting for response</span>
            <Button size="sm" variant="outline" onClick={() => onResend(invite.id)} isLoading={resendingId === invite.id} aria-label={`Resend invite to ${invite.email}`}>
              Resend
            </Button>
            <Button size="sm" variant="ghost" onClick={() => onCancel(invite.id)} isLoading={cancellingId === invite.id} aria-label={`Cancel invite to ${invite.email}`}>
              Cancel invite
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

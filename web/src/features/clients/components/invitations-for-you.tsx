import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { useAcceptInvitation, useInvitations } from '../api/invitations';

/**
 * Invitations addressed to the signed-in user. Someone invited who already had an
 * account lands here from the e-mail and accepts; their coach can then link them.
 */
export function InvitationsForYou() {
  const { data } = useInvitations();
  const accept = useAcceptInvitation();
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const invitations = data?.invitations ?? [];
  if (invitations.length === 0 && !notice) return null;

  return (
    <section className="clients-section clients-section--highlight" aria-labelledby="invitations-for-you">
      <h2 id="invitations-for-you" className="clients-section__title">
        Invitations for you
      </h2>
      {notice && <Alert variant={notice.ok ? 'success' : 'error'}>{notice.text}</Alert>}
      <ul className="invite-list">
        {invitations.map((invitation) => (
          <li key={invitation.id} className="invite-list__item">
            <span className="invite-list__email">
              <strong>{invitation.coach_name}</strong> invited you to train with them
            </span>
            <Button
              size="sm"
              isLoading={accept.isPending && accept.variables === invitation.id}
              aria-label={`Accept invitation from ${invitation.coach_name}`}
              onClick={() =>
                accept.mutate(invitation.id, {
                  onSuccess: () => setNotice({ ok: true, text: `You accepted ${invitation.coach_name}'s invitation. Your coach can now link you.` }),
                  onError: (e) => setNotice({ ok: false, text: `Failed to accept invitation: ${errorMessage(e)}` }),
                })
              }
            >
              Accept
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

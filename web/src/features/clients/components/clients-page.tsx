import { useMemo, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useUser } from '../../../lib/auth';
import { useTopic } from '../../../lib/realtime';
import { clientsQueryKey, useClients } from '../api/get-clients';
import { invitationsQueryKey } from '../api/invitations';
import { invitesQueryKey, useCancelInvite, useInvites, useResendInvite, type InviteSent } from '../api/manage-invites';
import { useLinkClient } from '../api/manage-links';
import { AddClientModal } from './add-client-modal';
import { ClientCard } from './client-card';
import { InvitationsForYou } from './invitations-for-you';
import { AcceptedNotLinked, PendingInvites } from './invite-lists';
import './clients.css';
import { topicOf } from '@kernel';

type Notice = { variant: 'success' | 'error'; text: string };

/** Your Clients (coach-core §2): client cards, Add Client, and invites waiting to be linked. */
export function ClientsPage() {
  const user = useUser();
  const clients = useClients();
  const invites = useInvites();
  const link = useLinkClient();
  const cancel = useCancelInvite();
  const resend = useResendInvite();
  const [adding, setAdding] = useState(false);
  const [notices, setNotices] = useState<Notice[]>([]);

  // Links, invites and (from the training feature) compliance change under coach:<me>;
  // invitations addressed to me under my own user topic.
  useTopic(topicOf.coach(user.id), [clientsQueryKey, invitesQueryKey]);
  useTopic(topicOf.user(user.id), [invitationsQueryKey]);

  const list = useMemo(() => clients.data?.clients ?? [], [clients.data]);
  const { acceptedNotLinked, pending } = useMemo(() => {
    const clientEmails = new Set(list.map((c) => c.email.toLowerCase()));
    const all = invites.data?.invites ?? [];
    return {
      acceptedNotLinked: all.filter((i) => i.status === 'accepted' && !clientEmails.has(i.email.toLowerCase())),
      pending: all.filter((i) => i.status === 'pending'),
    };
  }, [list, invites.data]);

  const onResend = (inviteId: string) =>
    resend.mutate(inviteId, {
      onSuccess: (result) =>
        setNotices([
          { variant: 'success', text: result.message },
          ...(result.emailSent ? [] : [{ variant: 'error' as const, text: `Email sending failed: ${result.emailError || 'Unknown error'}` }]),
        ]),
      onError: (e) => setNotices([{ variant: 'error', text: `Failed to resend invite: ${errorMessage(e)}` }]),
    });

  const onSent = (result: InviteSent) => {
    const next: Notice[] = [{ variant: 'success', text: result.message }];
    if (!result.emailSent) next.push({ variant: 'error', text: `Email sending failed: ${result.emailError || 'Unknown error'}` });
    setNotices(next);
  };

  const onLink = (email: string) =>
    link.mutate(email, {
      onSuccess: (result) => setNotices([{ variant: 'success', text: result.message }]),
      onError: (e) => setNotices([{ variant: 'error', text: `Linking failed: ${errorMessage(e)}` }]),
    });

  const onCancel = (inviteId: string) =>
    cancel.mutate(inviteId, {
      onSuccess: () => setNotices([{ variant: 'success', text: 'Invite cancelled.' }]),
      onError: (e) => setNotices([{ variant: 'error', text: `Failed to cancel invite: ${errorMessage(e)}` }]),
    });

  return (
    <div className="clients-page">
      <PageHeader
        title="Your Clients"
        description="Follow each athlete's compliance and open their calendar."
        actions={<Button onClick={() => setAdding(true)}>Add Client</Button>}
      />

      {notices.map((n) => (
        <Alert key={n.text} variant={n.variant}>
          {n.text}
        </Alert>
      ))}

      <InvitationsForYou />

      <section aria-label="Clients" className="clients-section">
        {clients.isPending ? (
          <div className="clients-loading">
            <Spinner /> Loading clients…
          </div>
        ) : clients.isError ? (
          <Alert variant="error">{errorMessage(clients.error)}</Alert>
        ) : list.length === 0 ? (
          <div className="empty-state">
            <p className="empty-state__text">No clients yet. Add one above to get started!</p>
          </div>
        ) : (
          <ul className="client-grid">
            {list.map((client) => (
              <ClientCard key={client.id} client={client} />
            ))}
          </ul>
        )}
      </section>

      <AcceptedNotLinked invites={acceptedNotLinked} linkingEmail={link.isPending ? (link.variables ?? null) : null} onLink={onLink} />
      <PendingInvites
        invites={pending}
        cancellingId={cancel.isPending ? (cancel.variables ?? null) : null}
        onCancel={onCancel}
        resendingId={resend.isPending ? (resend.variables ?? null) : null}
        onResend={onResend}
      />

      <AddClientModal open={adding} onClose={() => setAdding(false)} onSent={onSent} />
    </div>
  );
}

import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { useRespondToRequest, type Connection } from '../api/connections';
import type { Notify } from './notice';

/** Requests: received ones have Accept and Decline; sent ones wait for a response. */
export function RequestsPanel({ requests, notify }: { requests: Connection[]; notify: Notify }) {
  const respond = useRespondToRequest();

  if (requests.length === 0) {
    return (
      <div className="empty-state">
        <p className="empty-state__title">No pending requests</p>
        <p className="empty-state__text">Requests you send or receive show here until they are answered.</p>
      </div>
    );
  }

  const answer = (c: Connection, response: 'accept' | 'reject') =>
    respond.mutate({ connectionId: c.connection_id!, response }, { onError: (e) => notify({ variant: 'error', text: `Failed to respond: ${errorMessage(e)}` }) });
  const busy = (c: Connection, response: 'accept' | 'reject') =>
    respond.isPending && respond.variables?.connectionId === c.connection_id && respond.variables.response === response;

  return (
    <ul className="contacts-list" aria-label="Requests">
      {requests.map((c) => {
        const name = c.display_name || 'Unknown Sender';
        return (
          <li key={c.connection_id} className="contacts-list__item">
            <span className="contacts-person">
              <span className="contacts-person__name">{name}</span>
              <span className="contacts-person__email">{c.email}</span>
            </span>
            {c.is_requester ? (
              <span className="contacts-badge contacts-badge--pending">Waiting for response</span>
            ) : (
              <>
                <Button size="sm" aria-label={`Accept ${name}`} isLoading={busy(c, 'accept')} onClick={() => answer(c, 'accept')}>
                  Accept
                </Button>
                <Button size="sm" variant="outline" aria-label={`Decline ${name}`} isLoading={busy(c, 'reject')} onClick={() => answer(c, 'reject')}>
                  Decline
                </Button>
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}

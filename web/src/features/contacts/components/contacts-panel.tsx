import { Link } from 'react-router-dom';
import { Button, buttonClasses } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useManageBlock, useRemoveConnection, type Connection } from '../api/connections';
import type { Notify } from './notice';

/** Contacts: accepted connections with Remove, and Block / Unblock on each. */
export function ContactsPanel({ contacts, notify, onLeave }: { contacts: Connection[]; notify: Notify; onLeave?: () => void }) {
  const remove = useRemoveConnection();
  const block = useManageBlock();

  if (contacts.length === 0) {
    return (
      <div className="empty-state">
        <p className="empty-state__title">No contacts yet</p>
        <p className="empty-state__text">Search for people and send them a request; once they accept they appear here.</p>
      </div>
    );
  }

  return (
    <ul className="contacts-list" aria-label="Contacts">
      {contacts.map((c) => {
        const name = c.display_name || 'Unknown Contact';
        const blocked = c.status === 'blocked';
        return (
          <li key={c.user_id} className="contacts-list__item">
            <span className="contacts-person">
              <span className="contacts-person__name">{name}</span>
              <span className="contacts-person__email">{c.email}</span>
            </span>
            {blocked && <span className="contacts-badge contacts-badge--blocked">Blocked</span>}
            {!blocked && (
              <Link to={paths.app.chat.getHref(c.user_id)} className={buttonClasses({ size: 'sm', variant: 'ghost' })} aria-label={`Message ${name}`} onClick={onLeave}>
                Message
              </Link>
            )}
            <Button
              size="sm"
              variant="ghost"
              aria-label={`${blocked ? 'Unblock' : 'Block'} ${name}`}
              isLoading={block.isPending && block.variables?.userId === c.user_id}
              onClick={() =>
                block.mutate(
                  { userId: c.user_id, action: blocked ? 'unblock' : 'block' },
                  { onError: (e) => notify({ variant: 'error', text: `Failed to ${blocked ? 'unblock' : 'block'} user: ${errorMessage(e)}` }) },
                )
              }
            >
              {blocked ? 'Unblock' : 'Block'}
            </Button>
            {c.connection_id && (
              <Button
                size="sm"
                variant="outline"
                aria-label={`Remove ${name}`}
                isLoading={remove.isPending && remove.variables === c.connection_id}
                onClick={() =>
                  remove.mutate(c.connection_id!, {
                    onError: (e) => notify({ variant: 'error', text: `Failed to remove contact: ${errorMessage(e)}` }),
                  })
                }
              >
                Remove
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}

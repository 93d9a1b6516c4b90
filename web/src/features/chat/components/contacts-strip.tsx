import { initialOf } from '@kernel';
import { Button } from '../../../components/ui/button';
import type { ChatContact } from '../api/contacts';
import { CONTACTS_SHOWN } from '../utils/constants';

/** Up to five accepted contacts, each with a start-chat action. */
export function ContactsStrip({ contacts, busyId, onStart }: { contacts: ChatContact[]; busyId: string | null; onStart: (userId: string) => void }) {
  const shown = contacts.filter((c) => c.status === 'accepted').slice(0, CONTACTS_SHOWN);
  if (shown.length === 0) return null;
  return (
    <section className="chat-contacts" aria-label="Contacts">
      <h2 className="chat-section-title">Contacts</h2>
      <ul className="chat-contacts__list">
        {shown.map((c) => {
          const name = c.display_name || 'Unknown User';
          return (
            <li key={c.user_id} className="chat-contacts__item">
              <span className="chat-avatar chat-avatar--sm" aria-hidden="true">
                {initialOf(name)}
              </span>
              <span className="chat-contacts__name">{name}</span>
              <Button size="sm" variant="ghost" aria-label={`Start chat with ${name}`} isLoading={busyId === c.user_id} onClick={() => onStart(c.user_id)}>
                Chat
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

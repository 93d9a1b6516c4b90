import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { UsersIcon } from '../../../components/ui/icons';
import { useUser } from '../../../lib/auth';
import { useTopic } from '../../../lib/realtime';
import { connectionsQueryKey, useConnections } from '../api/connections';
import { userSearchQueryKey } from '../api/search-users';
import { ContactManager } from './contact-manager';
import { topicOf } from '@kernel';

/**
 * The top navigation's Contacts button and the modal it opens. It follows the
 * user's own topic, so a request from someone else shows on the badge, and in the
 * open modal, without a reload.
 */
export function ContactsButton() {
  const user = useUser();
  const [open, setOpen] = useState(false);
  const { data } = useConnections();
  useTopic(topicOf.user(user.id), [connectionsQueryKey, userSearchQueryKey]);
  const waiting = data?.totalPending ?? 0;
  return (
    <>
      <Button variant="outline" size="sm" icon={<UsersIcon size={16} />} onClick={() => setOpen(true)}>
        Contacts
        {waiting > 0 && (
          <span className="contacts-count" aria-label={`${waiting} pending ${waiting === 1 ? 'request' : 'requests'}`}>
            {waiting}
          </span>
        )}
      </Button>
      <ContactManager open={open} onClose={() => setOpen(false)} />
    </>
  );
}

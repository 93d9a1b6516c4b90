import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Modal } from '../../../components/ui/modal';
import { Tabs } from '../../../components/ui/tabs';
import { useConnections } from '../api/connections';
import { ContactsPanel } from './contacts-panel';
import type { Notice } from './notice';
import { RequestsPanel } from './requests-panel';
import { SearchPanel } from './search-panel';
import './contacts.css';

type ContactManagerProps = { open: boolean; onClose: () => void };

/** The contact network (coach-core §2 Contact Manager modal): Search Users, Contacts, Requests. */
export function ContactManager({ open, onClose }: ContactManagerProps) {
  const [tab, setTab] = useState('search');
  const [notice, setNotice] = useState<Notice | null>(null);
  const { data } = useConnections();
  const all = data?.connections ?? [];
  // A contact the user blocked stays listed (as Blocked) so it can be unblocked.
  const contacts = all.filter((c) => c.status === 'accepted' || c.status === 'blocked');
  const requests = all.filter((c) => c.status === 'pending');

  const close = () => {
    setNotice(null);
    onClose();
  };

  return (
    <Modal open={open} onClose={close} title="Contact Manager" size="lg">
      {notice && (
        <Alert variant={notice.variant} className="contacts-notice">
          {notice.text}
        </Alert>
      )}
      <Tabs
        label="Contacts"
        value={tab}
        onValueChange={(id) => {
          setNotice(null);
          setTab(id);
        }}
        tabs={[
          { id: 'search', label: 'Search Users', content: <SearchPanel notify={setNotice} /> },
          { id: 'contacts', label: `Contacts (${contacts.length})`, content: <ContactsPanel contacts={contacts} notify={setNotice} onLeave={close} /> },
          { id: 'requests', label: `Requests (${requests.length})`, content: <RequestsPanel requests={requests} notify={setNotice} /> },
        ]}
      />
    </Modal>
  );
}

import { useState } from 'react';
import { Modal } from '../../../components/ui/modal';
import { Tabs } from '../../../components/ui/tabs';

type ContactManagerProps = { open: boolean; onClose: () => void };

function EmptyPanel({ title, text }: { title: string; text: string }) {
  return (
    <div className="empty-state">
      <p className="empty-state__title">{title}</p>
      <p className="empty-state__text">{text}</p>
    </div>
  );
}

/** Placeholder for the contact network (coach-core §2 Contact Manager modal). */
export function ContactManager({ open, onClose }: ContactManagerProps) {
  const [tab, setTab] = useState('search');
  return (
    <Modal open={open} onClose={onClose} title="Contact Manager" size="lg">
      <Tabs
        label="Contacts"
        value={tab}
        onValueChange={setTab}
        tabs={[
          {
            id: 'search',
            label: 'Search Users',
            content: <EmptyPanel title="Find people" text="Search by e-mail or name to send a connection request." />,
          },
          {
            id: 'contacts',
            label: 'Contacts (0)',
            content: <EmptyPanel title="No contacts yet" text="People you connect with will be listed here." />,
          },
          {
            id: 'requests',
            label: 'Requests (0)',
            content: <EmptyPanel title="No requests" text="Connection requests you send or receive will show here." />,
          },
        ]}
      />
    </Modal>
  );
}

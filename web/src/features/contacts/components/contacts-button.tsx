import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { UsersIcon } from '../../../components/ui/icons';
import { ContactManager } from './contact-manager';

/** The top navigation's Contacts button and the modal it opens. */
export function ContactsButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" size="sm" icon={<UsersIcon size={16} />} onClick={() => setOpen(true)}>
        Contacts
      </Button>
      <ContactManager open={open} onClose={() => setOpen(false)} />
    </>
  );
}

import { ChatPage } from '../../../features/chat/components/chat-page';
import { ContactManager } from '../../../features/contacts/components/contact-manager';

export function Component() {
  return (
    <>
      <title>Messages · Spotter</title>
      <ChatPage contactsManager={(props) => <ContactManager {...props} />} />
    </>
  );
}

import { ChatPage } from '../../../features/chat/components/chat-page';

export function Component() {
  return (
    <>
      <title>Messages · Spotter</title>
      <ChatPage />
    </>
  );
}

import { PageHeader } from '../../../components/ui/page-header';

/** Placeholder until messaging lands (performance-messaging-templates §2 Messages). */
export function ChatPage() {
  return <PageHeader title="Messages" description="Conversations with your connections will appear here." />;
}

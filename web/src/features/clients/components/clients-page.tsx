import { PageHeader } from '../../../components/ui/page-header';

/** Placeholder until the clients list lands (coach-core §2 Clients). */
export function ClientsPage() {
  return <PageHeader title="Your Clients" description="Your athletes and their compliance will appear here." />;
}

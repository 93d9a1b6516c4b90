import { PageHeader } from '../../../components/ui/page-header';

/** Placeholder until team analytics land (performance-messaging-templates §2). */
export function TeamAnalyticsPage() {
  return <PageHeader title="Team Analytics" description="Volume and completion across your athletes." />;
}

import { PageHeader } from '../../../components/ui/page-header';

/** Placeholder until the template builder lands (performance-messaging-templates §2). */
export function ProgramTemplatesPage() {
  return <PageHeader title="Program Templates" description="Build programs once and assign them to athletes." />;
}

import { PageHeader } from '../../../components/ui/page-header';

/** Placeholder until the exercise library lands (performance-messaging-templates §2). */
export function LibraryPage() {
  return <PageHeader title="Exercise Library" description="Search, filter and manage exercises here." />;
}

import { PageHeader } from '../../../components/ui/page-header';

/** Placeholder until the calendar lands (coach-core §2 Calendar). */
export function CalendarPage({ clientId }: { clientId: string }) {
  return (
    <PageHeader
      title="Calendar"
      description={
        <>
          Training calendar for client <code>{clientId}</code>.
        </>
      }
    />
  );
}

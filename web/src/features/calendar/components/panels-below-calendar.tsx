import { AnalyticsSection } from './analytics/analytics-section';
import { AssignmentsPanel } from './assignments-panel';
import { HistoryTransfer } from './history-transfer';

/** Below the month: the athlete's programmes, their analytics, and their history as a file. */
export function PanelsBelowCalendar({ clientId, today, athleteName }: { clientId: string; today: string; athleteName?: string }) {
  return (
    <>
      <AssignmentsPanel clientId={clientId} />
      <AnalyticsSection clientId={clientId} today={today} />
      <HistoryTransfer clientId={clientId} athleteName={athleteName} />
    </>
  );
}

import { ExportActions } from '../../../components/data-transfer/export-actions';
import { ImportFlow } from '../../../components/data-transfer/import-flow';

/** The coach's copy of the athlete's history (Strong or Hevy columns, records) and an import for them. */
export function HistoryTransfer({ clientId, athleteName }: { clientId: string; athleteName?: string }) {
  return (
    <section className="analytics-card" aria-labelledby="history-transfer-title">
      <h2 id="history-transfer-title" className="analytics-card__title">
        Export and import
      </h2>
      <p className="muted">
        {athleteName ? `${athleteName}'s` : "The athlete's"} training history as a file, or history brought from Strong or Hevy. Imported workouts are marked "Imported" on the
        calendar.
      </p>
      <ExportActions athleteId={clientId} />
      <ImportFlow athleteId={clientId} />
    </section>
  );
}

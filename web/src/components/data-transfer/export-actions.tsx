import { useState } from 'react';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { errorMessage } from '../../lib/api-client';
import { fetchRecordsCsv, fetchWorkoutsCsv, saveFile } from '../../lib/transfer';
import './data-transfer.css';

type ExportKind = 'strong' | 'hevy' | 'records';

const EXPORTS: { kind: ExportKind; label: string; file: string }[] = [
  { kind: 'strong', label: 'Training history (Strong CSV)', file: 'spotter-workouts-strong.csv' },
  { kind: 'hevy', label: 'Training history (Hevy CSV)', file: 'spotter-workouts-hevy.csv' },
  { kind: 'records', label: 'Records (CSV)', file: 'spotter-records.csv' },
];

/** Download buttons for one athlete's history and records; loads come in the reader's unit. */
export function ExportActions({ athleteId }: { athleteId: string }) {
  const [busy, setBusy] = useState<ExportKind | null>(null);
  const [error, setError] = useState<string | null>(null);
  const download = async (kind: ExportKind, file: string) => {
    setBusy(kind);
    setError(null);
    try {
      const blob = kind === 'records' ? await fetchRecordsCsv(athleteId) : await fetchWorkoutsCsv(athleteId, kind);
      saveFile(blob, file);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="data-transfer__exports">
      <div className="data-transfer__row" role="group" aria-label="Export">
        {EXPORTS.map((e) => (
          <Button key={e.kind} variant="outline" size="sm" isLoading={busy === e.kind} disabled={busy !== null} onClick={() => void download(e.kind, e.file)}>
            Export {e.label}
          </Button>
        ))}
      </div>
      {error && <Alert variant="error">{error}</Alert>}
    </div>
  );
}

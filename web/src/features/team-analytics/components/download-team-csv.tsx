import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { saveFile } from '../../../lib/transfer';
import { fetchTeamCsv } from '../api/get-team-csv';
import type { CompletionMode, TeamRange } from '../api/get-team-analytics';

/** "Download CSV": the athletes table as shown (range, completion mode, selected athletes). */
export function DownloadTeamCsv({ range, mode, athleteIds, disabled }: { range: TeamRange; mode: CompletionMode; athleteIds: readonly string[] | null; disabled: boolean }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      saveFile(await fetchTeamCsv(range, mode, athleteIds), `spotter-team-${range}.csv`);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="outline" isLoading={busy} disabled={disabled || busy} onClick={() => void download()}>
        Download CSV
      </Button>
      {error && <Alert variant="error">{error}</Alert>}
    </>
  );
}

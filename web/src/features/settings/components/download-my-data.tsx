import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { saveFile } from '../../../lib/transfer';
import { fetchDataArchive } from '../api/get-data-archive';

/** "Download my data": a ZIP of everything Spotter keeps about you, each kind in its own JSON file, explained by a README inside. */
export function DownloadMyData() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const download = async () => {
    setBusy(true);
    setError(null);
    setDone(false);
    try {
      saveFile(await fetchDataArchive(), `spotter-data-${new Date().toISOString().slice(0, 10)}.zip`);
      setDone(true);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="data-transfer__exports">
      <p className="muted">
        A copy of everything Spotter keeps about you (profile, workouts, records, messages, contacts, invites, templates, sign-ins, tokens and webhooks) as a ZIP of JSON files,
        with a README that explains each. Up to three times an hour.
      </p>
      <div className="data-transfer__row">
        <Button variant="outline" size="sm" isLoading={busy} disabled={busy} onClick={() => void download()}>
          Download my data
        </Button>
      </div>
      {done && <Alert variant="success">Your data archive was downloaded.</Alert>}
      {error && <Alert variant="error">{error}</Alert>}
    </div>
  );
}

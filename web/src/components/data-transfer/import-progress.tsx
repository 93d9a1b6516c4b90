import { useEffect, useState } from 'react';
import { secondsLeft, type ImportProgress } from '../../lib/import-progress';

const count = (n: number) => n.toLocaleString('en-US');
const megabytes = (bytes: number) => (bytes / 1024 / 1024).toLocaleString('en-US', { maximumFractionDigits: 1 });

function timeLeft(seconds: number | null): string {
  if (seconds === null) return '';
  if (seconds < 60) return ` · about ${seconds} s left`;
  return ` · about ${Math.ceil(seconds / 60)} min left`;
}

/**
 * How far a long import (or its preview) is: a bar over the file's bytes, the rows and
 * workouts read, and a time left from the pace so far; then the writing, which is one
 * transaction (nothing is half-written), so it shows no count until it is done.
 */
export function ImportProgressBar({ progress, fileName }: { progress: ImportProgress; fileName: string }) {
  const [started] = useState(() => Date.now());
  const [now, setNow] = useState(started);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const writing = progress.phase === 'writing';
  const label = writing
    ? `Writing ${count(progress.workouts)} workouts…`
    : `Read ${count(progress.rows)} rows, ${count(progress.workouts)} workouts (${megabytes(progress.bytes)} of ${megabytes(progress.totalBytes)} MB)${timeLeft(secondsLeft(progress.bytes, progress.totalBytes, now - started))}`;
  return (
    <div className="data-transfer__progress">
      <progress aria-label={`Importing ${fileName}`} max={progress.totalBytes || 1} value={writing ? undefined : progress.bytes} />
      <p role="status" aria-live="polite" data-phase={progress.phase}>
        {label}
      </p>
    </div>
  );
}

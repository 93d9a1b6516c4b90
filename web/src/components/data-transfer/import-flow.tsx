import { useId, useState, type ChangeEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { errorMessage } from '../../lib/api-client';
import { rememberWrite } from '../../lib/read-after-write';
import { createCustomExercise, type ImportOutcome } from '../../lib/transfer';
import { sendImportWithProgress, type ImportProgress } from '../../lib/import-progress';
import { ImportProgressBar } from './import-progress';
import { MappingTable, initialChoices, mappingOf, namesToCreate, type Choices } from './mapping-table';
import './data-transfer.css';

const LAYOUT_NAMES: Record<ImportOutcome['layout'], string> = { strong: 'Strong', 'strong-semicolon': 'Strong', hevy: 'Hevy' };

type Step =
  | { kind: 'idle' }
  | { kind: 'previewing'; file: File }
  | { kind: 'preview'; file: File; outcome: ImportOutcome }
  | { kind: 'importing'; file: File; outcome: ImportOutcome }
  | { kind: 'done'; message: string };

/**
 * Import from Strong or Hevy: the file is read once as a dry run (nothing written) and
 * its counts and exercise names shown; the names are mapped to the library (or made
 * custom exercises) and only then imported. A second import of the same file adds nothing.
 */
export function ImportFlow({ athleteId }: { athleteId: string }) {
  const queryClient = useQueryClient();
  const inputId = useId();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [choices, setChoices] = useState<Choices>({});
  const [error, setError] = useState<string | null>(null);
  // A long file (100,000 rows) takes a while to read and write: the bar shows how far it is.
  const [progress, setProgress] = useState<ImportProgress | null>(null);

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setError(null);
    setStep({ kind: 'previewing', file });
    setProgress(null);
    try {
      const outcome = await sendImportWithProgress(athleteId, file, { dryRun: true, mapping: {} }, setProgress);
      setChoices(initialChoices(outcome.exercises));
      setStep({ kind: 'preview', file, outcome });
    } catch (err) {
      setError(errorMessage(err));
      setStep({ kind: 'idle' });
    }
  };

  const confirm = async (file: File, outcome: ImportOutcome) => {
    setError(null);
    setStep({ kind: 'importing', file, outcome });
    setProgress(null);
    try {
      for (const name of namesToCreate(choices)) rememberWrite((await createCustomExercise(name)).checkpoint);
      const result = await sendImportWithProgress(athleteId, file, { dryRun: false, mapping: mappingOf(choices) }, setProgress);
      rememberWrite(result.checkpoint);
      // The calendar, records and analytics of this athlete all change: refetch whatever is shown.
      await queryClient.invalidateQueries();
      setStep({ kind: 'done', message: resultText(result) });
    } catch (err) {
      setError(errorMessage(err));
      setStep({ kind: 'preview', file, outcome });
    }
  };

  const preview = step.kind === 'preview' || step.kind === 'importing' ? step : null;
  return (
    <div className="data-transfer__import">
      <div className="data-transfer__row">
        <label htmlFor={inputId}>Import from Strong or Hevy (CSV file)</label>
        <input id={inputId} type="file" accept=".csv,text/csv" onChange={(e) => void choose(e)} disabled={step.kind === 'previewing' || step.kind === 'importing'} />
      </div>
      {step.kind === 'previewing' && (progress ? <ImportProgressBar progress={progress} fileName={step.file.name} /> : <p role="status">Reading {step.file.name}…</p>)}
      {error && (
        <Alert variant="error" className="data-transfer__error">
          {error}
        </Alert>
      )}
      {preview && (
        <section aria-label="Import preview" className="data-transfer__import">
          <p>
            {preview.file.name}: a {LAYOUT_NAMES[preview.outcome.layout]} file, loads in {preview.outcome.unit}. Nothing is written until you import.
          </p>
          <dl className="data-transfer__counts">
            <Count label="Workouts" value={preview.outcome.workouts} />
            <Count label="Sets" value={preview.outcome.sets} />
            <Count label="Dates" value={preview.outcome.from ? `${preview.outcome.from} to ${preview.outcome.to ?? preview.outcome.from}` : 'none'} />
            <Count label="Already imported" value={preview.outcome.existing_workouts} />
          </dl>
          <p className="muted">A name the library does not have becomes a custom exercise of yours, unless you pick a similar one.</p>
          <MappingTable exercises={preview.outcome.exercises} choices={choices} onChange={setChoices} disabled={step.kind === 'importing'} />
          {step.kind === 'importing' && progress && <ImportProgressBar progress={progress} fileName={preview.file.name} />}
          <div className="data-transfer__row">
            <Button isLoading={step.kind === 'importing'} disabled={preview.outcome.new_workouts === 0} onClick={() => void confirm(preview.file, preview.outcome)}>
              {importLabel(preview.outcome.new_workouts)}
            </Button>
            <Button variant="ghost" disabled={step.kind === 'importing'} onClick={() => setStep({ kind: 'idle' })}>
              Cancel
            </Button>
          </div>
        </section>
      )}
      {step.kind === 'done' && <Alert variant="success">{step.message}</Alert>}
    </div>
  );
}

function Count({ label, value }: { label: string; value: string | number }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function importLabel(n: number): string {
  if (n === 0) return 'Nothing new to import';
  return `Import ${n} workout${n === 1 ? '' : 's'}`;
}

function resultText(r: ImportOutcome): string {
  if (r.imported_workouts === 0) return 'Nothing new: already imported.';
  const workouts = `${r.imported_workouts} workout${r.imported_workouts === 1 ? '' : 's'}`;
  // `sets` counts the whole file: only say it when every workout of the file was new.
  return r.existing_workouts === 0 ? `Imported ${workouts}, ${r.sets} sets.` : `Imported ${workouts}; ${r.existing_workouts} were already there.`;
}

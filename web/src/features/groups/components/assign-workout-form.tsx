import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { assignSummary, useGroupMutations, type Group } from '../api/groups';
import { localToday } from './local-today';

type Row = { key: number; name: string; sets: string; reps: string };
const MAX_EXERCISES = 50;

/** One workout (a name, a date, exercises as sets × reps) to every athlete of the group. */
export function AssignWorkoutForm({ group }: { group: Group }) {
  const { assignWorkout } = useGroupMutations();
  const [name, setName] = useState('');
  const [date, setDate] = useState(localToday);
  const [rows, setRows] = useState<Row[]>([{ key: 0, name: '', sets: '3', reps: '5' }]);
  const [result, setResult] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const change = (key: number, patch: Partial<Row>) => setRows((prev) => prev.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setResult(null);
    const exercises = rows
      .filter((r) => r.name.trim())
      .map((r) => ({
        exercise_name: r.name.trim(),
        sets: Array.from({ length: Math.min(Math.max(Number(r.sets) || 1, 1), 20) }, () => ({ type: 'standard' as const, reps: Math.min(Math.max(Number(r.reps) || 1, 1), 100) })),
      }));
    if (exercises.length === 0) return setError('Add at least one exercise.');
    assignWorkout.mutate(
      { id: group.id, workout: { date, name: name.trim() || 'Workout', exercises } },
      { onSuccess: (r) => setResult(assignSummary(r)), onError: (err) => setError(errorMessage(err)) },
    );
  };

  return (
    <form className="groups__assign" onSubmit={submit} noValidate>
      <TextField label="Workout name" maxLength={200} placeholder="Team test day" value={name} onChange={(e) => setName(e.target.value)} />
      <TextField label="Date" type="date" required value={date} onChange={(e) => setDate(e.target.value)} />
      {rows.map((r, i) => (
        <fieldset key={r.key} className="groups__exercise">
          <legend>Exercise {i + 1}</legend>
          <TextField label="Exercise" maxLength={200} value={r.name} onChange={(e) => change(r.key, { name: e.target.value })} />
          <TextField label="Sets" type="number" min={1} max={20} inputMode="numeric" value={r.sets} onChange={(e) => change(r.key, { sets: e.target.value })} />
          <TextField label="Reps" type="number" min={1} max={100} inputMode="numeric" value={r.reps} onChange={(e) => change(r.key, { reps: e.target.value })} />
          {rows.length > 1 && (
            <Button variant="ghost" size="sm" aria-label={`Remove exercise ${i + 1}`} onClick={() => setRows((prev) => prev.filter((x) => x.key !== r.key))}>
              Remove
            </Button>
          )}
        </fieldset>
      ))}
      <div className="groups__actions">
        <Button
          variant="outline"
          size="sm"
          disabled={rows.length >= MAX_EXERCISES}
          onClick={() => setRows((prev) => [...prev, { key: Math.max(...prev.map((x) => x.key)) + 1, name: '', sets: '3', reps: '5' }])}
        >
          Add exercise
        </Button>
        <Button type="submit" isLoading={assignWorkout.isPending} loadingText="Assigning…">
          Assign workout to {group.name}
        </Button>
      </div>
      {error && (
        <p role="alert" className="groups__error">
          {error}
        </p>
      )}
      <p role="status" className="groups__result">
        {result}
      </p>
    </form>
  );
}

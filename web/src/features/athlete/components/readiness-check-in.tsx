import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { useCheckIn, useMyReadiness, type CheckInAnswers } from '../api/readiness';
import './readiness-check-in.css';

type Question = keyof Omit<CheckInAnswers, 'note'>;

/** Every answer reads 1–5 with 5 the best, so the four make one "higher is better" score. */
const QUESTIONS: { key: Question; label: string; low: string; high: string }[] = [
  { key: 'sleep', label: 'Sleep', low: 'poor', high: 'great' },
  { key: 'soreness', label: 'Soreness', low: 'very sore', high: 'fresh' },
  { key: 'stress', label: 'Stress', low: 'very stressed', high: 'calm' },
  { key: 'energy', label: 'Energy', low: 'drained', high: 'full' },
];
const SCORES = [1, 2, 3, 4, 5] as const;
const NOTE_MAX = 500;

/** The daily check-in (issue 27): four taps and Save; once saved it shows today's answer, which can be changed. */
export function ReadinessCheckIn({ athleteId }: { athleteId: string }) {
  const readiness = useMyReadiness(athleteId);
  const [editing, setEditing] = useState(false);
  if (readiness.isPending || readiness.isError) return null;
  const today = readiness.data.todayCheckIn;
  if (today && !editing) {
    return (
      <section className="check-in" aria-labelledby="check-in-title">
        <h2 id="check-in-title" className="check-in__title">
          Today’s check-in
        </h2>
        <p className="check-in__summary" aria-label="Today’s check-in answers">
          {QUESTIONS.map((q) => `${q.label} ${today[q.key]}/5`).join(' · ')}
        </p>
        {today.note && <p className="check-in__note muted">{today.note}</p>}
        <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
          Change today’s answer
        </Button>
      </section>
    );
  }
  return <CheckInForm athleteId={athleteId} initial={today ?? null} onSaved={() => setEditing(false)} />;
}

function CheckInForm({ athleteId, initial, onSaved }: { athleteId: string; initial: CheckInAnswers | null; onSaved: () => void }) {
  const [answers, setAnswers] = useState<Partial<Record<Question, number>>>(initial ?? {});
  const [note, setNote] = useState(initial?.note ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const save = useCheckIn(athleteId);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const missing = QUESTIONS.filter((q) => answers[q.key] === undefined).map((q) => q.label);
    if (missing.length) {
      setProblem(`Pick a score for ${missing.join(', ')}.`);
      return;
    }
    setProblem(null);
    save.mutate({ ...(answers as Record<Question, number>), note: note.trim() || null }, { onSuccess: onSaved });
  };

  return (
    <form className="check-in" aria-labelledby="check-in-title" onSubmit={submit}>
      <h2 id="check-in-title" className="check-in__title">
        How are you today?
      </h2>
      <p className="check-in__hint muted">1 to 5, and 5 is always the best.</p>
      {QUESTIONS.map((q) => (
        <fieldset key={q.key} className="check-in__question">
          <legend>
            {q.label}{' '}
            <span className="muted">
              (1 = {q.low}, 5 = {q.high})
            </span>
          </legend>
          <div className="check-in__scores">
            {SCORES.map((n) => (
              <label key={n} className="check-in__score">
                <input
                  type="radio"
                  name={`check-in-${q.key}`}
                  value={n}
                  checked={answers[q.key] === n}
                  onChange={() => setAnswers({ ...answers, [q.key]: n })}
                  aria-label={`${q.label} ${n}`}
                />
                <span aria-hidden="true">{n}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      <label className="check-in__note-field">
        <span>Note (optional)</span>
        <textarea className="input" rows={2} maxLength={NOTE_MAX} value={note} onChange={(e) => setNote(e.target.value)} />
      </label>
      {(problem || save.isError) && <Alert variant="error">{problem ?? errorMessage(save.error)}</Alert>}
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save check-in'}
      </Button>
    </form>
  );
}

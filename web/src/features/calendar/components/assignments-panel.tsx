import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { useAssignments, useResync, useUnassign, type Assignment } from '../api/assignments';

export const UNASSIGN_CONFIRM = 'Unassign this program? Its future workouts without results are deleted; logged and past workouts stay.';

const reasonText = { logged: 'logged by the athlete', edited: 'edited by hand' } as const;

/** The athlete's programs from templates, with `scheduled n of m`, Unassign and Re-sync. */
export function AssignmentsPanel({ clientId }: { clientId: string }) {
  const list = useAssignments(clientId);
  const unassign = useUnassign(clientId);
  const resync = useResync(clientId);
  const [result, setResult] = useState<{ text: string; details?: string[]; error?: boolean } | null>(null);
  const items = list.data?.data ?? [];
  if (!list.isError && items.length === 0) return null;
  const nameOf = (a: Assignment, id: string) => a.workouts.find((w) => w.workout_id === id)?.name ?? 'Workout';

  return (
    <section className="analytics-card assignments" aria-labelledby="assignments-title">
      <h2 id="assignments-title" className="analytics-card__title">
        Assigned programs
      </h2>
      {list.isError && <Alert variant="error">{errorMessage(list.error)}</Alert>}
      {result && (
        <div role="status">
          <Alert variant={result.error ? 'error' : 'success'}>
            {result.text}
            {result.details && result.details.length > 0 && (
              <ul>
                {result.details.map((d) => (
                  <li key={d}>{d}</li>
                ))}
              </ul>
            )}
          </Alert>
        </div>
      )}
      <ul className="assignments__list">
        {items.map((a) => (
          <li key={a.id}>
            <article className="assignments__item" aria-label={`Program ${a.template_name}`}>
              <strong>{a.template_name}</strong>{' '}
              <span>
                {a.start_date} to {a.end_date}
              </span>{' '}
              <span className="assignments__status">
                {a.status === 'unassigned' ? `Unassigned (${a.deleted_count} removed, ${a.kept_count} kept)` : a.status === 'scheduling' ? a.progress : `${a.workout_count} workouts`}
              </span>
              {a.status !== 'unassigned' && (
                <span className="assignments__actions">
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={!a.resync_available || resync.isPending}
                    title={a.resync_available ? 'Bring the future workouts up to the template’s latest revision' : 'The program follows the template’s latest revision'}
                    onClick={() =>
                      resync.mutate(a.id, {
                        onSuccess: (r) =>
                          setResult({
                            text: `Re-synced ${a.template_name}: ${r.revised_count} revised, ${r.added_count} added, ${r.removed_count} removed, ${r.kept.length} kept.`,
                            details: r.kept.map((k) => `Kept: ${nameOf(a, k.workout_id)} on ${k.date} (${reasonText[k.reason]})`),
                          }),
                        onError: (e) => setResult({ text: errorMessage(e), error: true }),
                      })
                    }
                  >
                    Re-sync
                  </Button>
                  <Button
                    size="sm"
                    variant="destructive"
                    disabled={unassign.isPending}
                    onClick={() => {
                      if (!window.confirm(UNASSIGN_CONFIRM)) return;
                      unassign.mutate(a.id, {
                        onSuccess: (r) => setResult({ text: `Unassigned ${a.template_name}: ${r.deleted_count} workouts removed, ${r.kept_count} kept.` }),
                        onError: (e) => setResult({ text: errorMessage(e), error: true }),
                      });
                    }}
                  >
                    Unassign
                  </Button>
                </span>
              )}
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}

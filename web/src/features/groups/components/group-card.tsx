import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { useGroupMutations, type Group } from '../api/groups';
import { AssignTemplateForm } from './assign-template-form';
import { AssignWorkoutForm } from './assign-workout-form';
import { GroupMembers } from './group-members';

/** One group: its name (rename, archive), members, recent programs, and the two ways to give it training. */
export function GroupCard({ group, athletes }: { group: Group; athletes: { id: string; name: string }[] }) {
  const { rename, archive } = useGroupMutations();
  const [renaming, setRenaming] = useState(false);
  const [confirmArchive, setConfirmArchive] = useState(false);
  const [name, setName] = useState(group.name);
  const [error, setError] = useState<string | null>(null);
  const headingId = `group-${group.id}`;

  const submitRename = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    rename.mutate({ id: group.id, name: name.trim() }, { onSuccess: () => setRenaming(false), onError: (err) => setError(errorMessage(err)) });
  };

  return (
    <Card className="groups__card">
      <section aria-labelledby={headingId}>
        <CardHeader className="groups__card-header">
          <CardTitle id={headingId}>{group.name}</CardTitle>
          <p className="groups__muted">
            {group.member_count} athlete{group.member_count === 1 ? '' : 's'}
          </p>
        </CardHeader>
        <CardContent className="groups__card-body">
          {renaming ? (
            <form className="groups__inline-form" onSubmit={submitRename} noValidate>
              <TextField label={`New name for ${group.name}`} required maxLength={60} value={name} onChange={(e) => setName(e.target.value)} error={error} autoFocus />
              <div className="groups__actions">
                <Button type="submit" size="sm" isLoading={rename.isPending} loadingText="Saving…">
                  Save name
                </Button>
                <Button variant="ghost" size="sm" onClick={() => setRenaming(false)}>
                  Cancel
                </Button>
              </div>
            </form>
          ) : confirmArchive ? (
            <div className="groups__confirm" role="group" aria-label={`Archive ${group.name}?`}>
              <p>Archive {group.name}? Workouts already scheduled stay on the athletes&apos; calendars.</p>
              <div className="groups__actions">
                <Button variant="destructive" size="sm" isLoading={archive.isPending} loadingText="Archiving…" onClick={() => archive.mutate(group.id)}>
                  Archive group
                </Button>
                <Button variant="ghost" size="sm" onClick={() => setConfirmArchive(false)}>
                  Keep it
                </Button>
              </div>
            </div>
          ) : (
            <div className="groups__actions">
              <Button
                variant="outline"
                size="sm"
                onClick={() => {
                  setName(group.name);
                  setRenaming(true);
                }}
                aria-label={`Rename ${group.name}`}
              >
                Rename
              </Button>
              <Button variant="outline" size="sm" onClick={() => setConfirmArchive(true)} aria-label={`Archive ${group.name}`}>
                Archive
              </Button>
            </div>
          )}

          <GroupMembers group={group} athletes={athletes} />

          <details className="groups__details">
            <summary>Assign template</summary>
            <AssignTemplateForm group={group} />
          </details>
          <details className="groups__details">
            <summary>Assign workout</summary>
            <AssignWorkoutForm group={group} />
          </details>

          {group.programs.length > 0 && (
            <div>
              <h3 className="groups__subheading">Programs given</h3>
              <ul className="groups__programs">
                {group.programs.map((p) => (
                  <li key={p.id}>
                    <span className="groups__program-name">{p.name}</span>{' '}
                    <span className="groups__muted">
                      {p.start_date === p.end_date ? p.start_date : `${p.start_date} to ${p.end_date}`} · {p.athlete_count} athlete{p.athlete_count === 1 ? '' : 's'}
                      {p.current ? ' · current' : ''}
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </CardContent>
      </section>
    </Card>
  );
}

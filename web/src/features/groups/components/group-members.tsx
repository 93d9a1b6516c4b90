import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { useGroupMutations, type Group } from '../api/groups';

/** The group's athletes with Remove, and the coach's other linked athletes to add. */
export function GroupMembers({ group, athletes }: { group: Group; athletes: { id: string; name: string }[] }) {
  const { addMembers, removeMember } = useGroupMutations();
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const inGroup = new Set(group.members.map((m) => m.id));
  const addable = athletes.filter((a) => !inGroup.has(a.id));

  const toggle = (id: string) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const add = () => {
    setError(null);
    setMessage(null);
    const ids = [...chosen].filter((id) => !inGroup.has(id));
    if (ids.length === 0) return setError('Choose at least one athlete.');
    addMembers.mutate(
      { id: group.id, athleteIds: ids },
      {
        onSuccess: (r) => {
          setChosen(new Set());
          setMessage(
            `Added ${r.added_count} athlete${r.added_count === 1 ? '' : 's'}` + (r.joined_program_count > 0 ? ` · they get the rest of the current program from today` : ''),
          );
        },
        onError: (err) => setError(errorMessage(err)),
      },
    );
  };

  return (
    <div className="groups__members">
      <h3 className="groups__subheading">Athletes</h3>
      {group.members.length === 0 ? (
        <p className="groups__muted">No athletes in this group yet.</p>
      ) : (
        <ul className="groups__member-list">
          {group.members.map((m) => (
            <li key={m.id}>
              <span>
                {m.name}
                {!m.linked && <span className="groups__muted"> (no longer linked)</span>}
              </span>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove ${m.name} from ${group.name}`}
                isLoading={removeMember.isPending && removeMember.variables?.athleteId === m.id}
                onClick={() => removeMember.mutate({ id: group.id, athleteId: m.id })}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <p className="groups__muted">Removing an athlete keeps the workouts already on their calendar.</p>
      {addable.length > 0 && (
        <details className="groups__details">
          <summary>Add athletes</summary>
          <fieldset className="groups__choices">
            <legend>Athletes to add to {group.name}</legend>
            {addable.map((a) => (
              <label key={a.id}>
                <input type="checkbox" checked={chosen.has(a.id)} onChange={() => toggle(a.id)} /> {a.name}
              </label>
            ))}
          </fieldset>
          <Button size="sm" isLoading={addMembers.isPending} loadingText="Adding…" onClick={add}>
            Add to group
          </Button>
        </details>
      )}
      {error && (
        <p role="alert" className="groups__error">
          {error}
        </p>
      )}
      {message && <p role="status">{message}</p>}
    </div>
  );
}

import type { ImportExercise } from '../../lib/transfer';

/** What becomes of one name of the file: a library exercise, a new custom one, or the name as it is. */
export type Choice = { kind: 'library'; name: string } | { kind: 'create' } | { kind: 'keep' };
export type Choices = Record<string, Choice>;

const CREATE = 'create';
const KEEP = 'keep';
const valueOf = (c: Choice) => (c.kind === 'library' ? `library:${c.name}` : c.kind);
const choiceOf = (value: string): Choice => (value === CREATE ? { kind: 'create' } : value === KEEP ? { kind: 'keep' } : { kind: 'library', name: value.slice('library:'.length) });

/**
 * The library's own exercise when there is one, else a new custom exercise of the same
 * name. A look-alike is offered, never picked: trigram similarity takes "Running" for
 * "Rucking", and years of history filed under the wrong exercise are worse than a
 * duplicate the user can merge later.
 */
export function initialChoices(exercises: ImportExercise[]): Choices {
  const choices: Choices = {};
  for (const e of exercises) choices[e.query] = e.match ? { kind: 'library', name: e.match } : { kind: 'create' };
  return choices;
}

/** The mapping the server applies: only the names that change. */
export function mappingOf(choices: Choices): Record<string, string> {
  const mapping: Record<string, string> = {};
  for (const [from, c] of Object.entries(choices)) if (c.kind === 'library' && c.name !== from) mapping[from] = c.name;
  return mapping;
}

export function namesToCreate(choices: Choices): string[] {
  return Object.entries(choices)
    .filter(([, c]) => c.kind === 'create')
    .map(([name]) => name);
}

type MappingTableProps = { exercises: ImportExercise[]; choices: Choices; onChange: (choices: Choices) => void; disabled?: boolean };

/** Each exercise name of the file and what it becomes, with a select to change it. */
export function MappingTable({ exercises, choices, onChange, disabled }: MappingTableProps) {
  if (exercises.length === 0) return null;
  return (
    <table className="data-transfer__table">
      <caption className="visually-hidden">Exercises of the file and the library exercise each becomes</caption>
      <thead>
        <tr>
          <th scope="col">In the file</th>
          <th scope="col">Sets</th>
          <th scope="col">Becomes</th>
        </tr>
      </thead>
      <tbody>
        {exercises.map((e) => {
          const library = [...new Set([e.match, ...e.suggestions].filter((n): n is string => n !== null))];
          const choice = choices[e.query] ?? { kind: 'keep' };
          return (
            <tr key={e.query}>
              <th scope="row">{e.query}</th>
              <td>{e.sets}</td>
              <td>
                <select
                  className="input"
                  aria-label={`Map ${e.query}`}
                  value={valueOf(choice)}
                  disabled={disabled}
                  onChange={(ev) => onChange({ ...choices, [e.query]: choiceOf(ev.target.value) })}
                >
                  {!e.match && <option value={CREATE}>Create as custom exercise</option>}
                  {library.map((name) => (
                    <option key={name} value={`library:${name}`}>
                      {name === e.match ? `${name} (same name in the library)` : `${name} (similar)`}
                    </option>
                  ))}
                  {!e.match && <option value={KEEP}>Keep the name, no library exercise</option>}
                </select>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

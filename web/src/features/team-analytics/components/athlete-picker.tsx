import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { SEARCH_THRESHOLD } from './constants';

export type PickerAthlete = { id: string; name: string };

type Props = {
  athletes: PickerAthlete[];
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
};

/** Multi-select of the team's athletes: a toggled set, a 'Done' row, a search box for big teams. */
export function AthletePicker({ athletes, selected, onToggle }: Props) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  const shown = useMemo(() => {
    const term = search.trim().toLowerCase();
    return term ? athletes.filter((a) => a.name.toLowerCase().includes(term)) : athletes;
  }, [athletes, search]);

  const label = selected.size === 0 ? 'Select athletes...' : `${selected.size} of ${athletes.length} ${athletes.length === 1 ? 'athlete' : 'athletes'} selected`;

  return (
    <div className="team-picker" ref={root}>
      <button
        type="button"
        className="team-picker__trigger"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={`Athletes: ${label}`}
        onClick={() => setOpen((o) => !o)}
      >
        {label}
      </button>
      {open && (
        <div className="team-picker__popup" onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}>
          {athletes.length > SEARCH_THRESHOLD && (
            <input
              type="search"
              className="team-picker__search"
              aria-label="Search athletes"
              placeholder="Search athletes..."
              value={search}
              maxLength={100}
              onChange={(e) => setSearch(e.target.value)}
            />
          )}
          <ul id={listId} role="listbox" aria-multiselectable="true" aria-label="Athletes" className="team-picker__list">
            {shown.map((a) => (
              <li
                key={a.id}
                role="option"
                aria-selected={selected.has(a.id)}
                tabIndex={0}
                className="team-picker__option"
                onClick={() => onToggle(a.id)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' || e.key === ' ') {
                    e.preventDefault();
                    onToggle(a.id);
                  }
                }}
              >
                <span className="team-picker__check" aria-hidden="true">
                  {selected.has(a.id) ? '✓' : ''}
                </span>
                {a.name}
              </li>
            ))}
          </ul>
          <button type="button" className="team-picker__done" onClick={() => setOpen(false)}>
            Done
          </button>
        </div>
      )}
    </div>
  );
}

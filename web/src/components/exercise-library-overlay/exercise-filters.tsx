import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '../ui/button';
// The bar uses the shared field styles without the Field component; load them here so
// the overlay looks right wherever it is mounted.
import '../ui/field.css';
import './exercise-library.css';
import { EMPTY_FILTERS, type ExerciseFilters } from './use-exercise-library';
import { useFocusAfterOpen } from './use-focus-after-open';

/** performance-messaging-templates §9: library search debounce. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * Filter state with a debounced search: `text` follows every keystroke, while
 * `filters.search` (what queries use) settles 300 ms after typing stops.
 */
export function useExerciseFilterState(initial: ExerciseFilters = EMPTY_FILTERS) {
  const [text, setText] = useState(initial.search);
  const [filters, setFilters] = useState(initial);

  useEffect(() => {
    if (text === filters.search) return;
    const timer = window.setTimeout(() => setFilters((f) => ({ ...f, search: text })), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, filters.search]);

  return {
    text,
    filters,
    setText,
    setMuscle: (muscle: string) => setFilters((f) => ({ ...f, muscle })),
    setPattern: (pattern: string) => setFilters((f) => ({ ...f, pattern })),
    /** Clears at once, without waiting for the debounce. */
    clearSearch: () => {
      setText('');
      setFilters((f) => ({ ...f, search: '' }));
    },
    clearAll: () => {
      setText('');
      setFilters(EMPTY_FILTERS);
    },
    active: text !== '' || filters.muscle !== '' || filters.pattern !== '',
  };
}

export type ExerciseFilterState = ReturnType<typeof useExerciseFilterState>;

type ExerciseFilterBarProps = {
  state: ExerciseFilterState;
  muscles: readonly string[];
  patterns: readonly string[];
  /** Focus the search box on mount (the overlay opens straight into a search). */
  autoFocus?: boolean;
};

/** Search box (Escape clears), muscle group and movement pattern filters, Clear Filters. */
export function ExerciseFilterBar({ state, muscles, patterns, autoFocus }: ExerciseFilterBarProps) {
  const id = useId();
  const searchRef = useRef<HTMLInputElement>(null);
  useFocusAfterOpen(searchRef, autoFocus === true);
  const onSearchKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Escape' || state.text === '') return;
    // Clear the box without also closing a surrounding dialog.
    event.preventDefault();
    event.stopPropagation();
    state.clearSearch();
  };

  return (
    <div className="exercise-filters" role="search" aria-label="Filter exercises">
      <div className="exercise-filters__field exercise-filters__field--search">
        <label htmlFor={`${id}-search`} className="field__label">
          Search exercises
        </label>
        <input
          id={`${id}-search`}
          type="search"
          className="input"
          placeholder="Search by name…"
          ref={searchRef}
          value={state.text}
          autoComplete="off"
          onChange={(event) => state.setText(event.target.value)}
          onKeyDown={onSearchKeyDown}
        />
      </div>
      <div className="exercise-filters__field">
        <label htmlFor={`${id}-muscle`} className="field__label">
          Muscle group
        </label>
        <select id={`${id}-muscle`} className="input exercise-select" value={state.filters.muscle} onChange={(e) => state.setMuscle(e.target.value)}>
          <option value="">All muscle groups</option>
          {withCurrent(muscles, state.filters.muscle).map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
      </div>
      <div className="exercise-filters__field">
        <label htmlFor={`${id}-pattern`} className="field__label">
          Movement pattern
        </label>
        <select id={`${id}-pattern`} className="input exercise-select" value={state.filters.pattern} onChange={(e) => state.setPattern(e.target.value)}>
          <option value="">All patterns</option>
          {withCurrent(patterns, state.filters.pattern).map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
      </div>
      <Button variant="outline" className="exercise-filters__clear" onClick={state.clearAll} disabled={!state.active}>
        Clear Filters
      </Button>
    </div>
  );
}

/** Keeps the chosen option listed even when the latest results no longer contain it. */
function withCurrent(options: readonly string[], current: string): readonly string[] {
  return current && !options.includes(current) ? [current, ...options] : options;
}

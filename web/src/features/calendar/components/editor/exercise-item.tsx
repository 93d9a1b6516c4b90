import { useState, type CSSProperties, type DragEvent } from 'react';
import { EXERCISE_INTENTS, INTENT_PROFILES, TEXT_LIMITS, type ExerciseIntent } from '@kernel';
import { BulkEntry } from './bulk-entry';
import { SetRow } from './set-row';
import { emptySet, type FormExercise, type FormSet } from './workout-form';

type ExerciseItemProps = {
  exercise: FormExercise;
  index: number;
  count: number;
  onChange: (exercise: FormExercise) => void;
  onRemove: () => void;
  onMove: (to: number) => void;
  drag: {
    onDragStart: (event: DragEvent) => void;
    onDragOver: (event: DragEvent) => void;
    onDrop: (event: DragEvent) => void;
    onDragEnd: () => void;
    isOver: boolean;
  };
};

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** One exercise of the editor: heading, name, intent with its guide, sets, bulk entry. */
export function ExerciseItem({ exercise, index, count, onChange, onRemove, onMove, drag }: ExerciseItemProps) {
  const [bulkOpen, setBulkOpen] = useState(false);
  const profile = INTENT_PROFILES[exercise.exercise_intent];
  const label = `${exercise.heading} ${exercise.exercise_name}`.trim() || `Exercise ${index + 1}`;

  const setSets = (sets: FormSet[]) => onChange({ ...exercise, sets });
  const updateSet = (i: number, set: FormSet) => setSets(exercise.sets.map((s, j) => (j === i ? set : s)));
  // The editor keeps at least one set per exercise.
  const removeSet = (i: number) => exercise.sets.length > 1 && setSets(exercise.sets.filter((_, j) => j !== i));

  return (
    <section
      role="group"
      aria-label={label}
      className={`exercise-item${drag.isOver ? ' exercise-item--over' : ''}`}
      style={{ '--intent-color': profile.color } as CSSProperties}
      onDragOver={drag.onDragOver}
      onDrop={drag.onDrop}
    >
      <div className="exercise-item__head">
        <span className="drag-handle" draggable onDragStart={drag.onDragStart} onDragEnd={drag.onDragEnd} title="Drag to reorder" aria-hidden="true">
          ⠿
        </span>
        <label className="set-field exercise-item__heading">
          <span className="set-field__label">Heading</span>
          <input
            className="input input--sm"
            value={exercise.heading}
            maxLength={TEXT_LIMITS.exerciseHeading}
            onChange={(e) => onChange({ ...exercise, heading: e.target.value })}
          />
        </label>
        <label className="set-field exercise-item__name">
          <span className="set-field__label">Exercise name</span>
          <input
            className="input input--sm"
            value={exercise.exercise_name}
            maxLength={TEXT_LIMITS.exerciseName}
            onChange={(e) => onChange({ ...exercise, exercise_name: e.target.value })}
          />
        </label>
        <label className="set-field">
          <span className="set-field__label">Intent</span>
          <select
            className="input input--sm"
            aria-label="Intent"
            value={exercise.exercise_intent}
            onChange={(e) => onChange({ ...exercise, exercise_intent: e.target.value as ExerciseIntent })}
          >
            {EXERCISE_INTENTS.map((intent) => (
              <option key={intent} value={intent}>
                {capitalise(intent)}
              </option>
            ))}
          </select>
        </label>
        <div className="exercise-item__tools">
          <button type="button" className="icon-button" aria-label={`Move ${label} up`} disabled={index === 0} onClick={() => onMove(index - 1)}>
            ↑
          </button>
          <button type="button" className="icon-button" aria-label={`Move ${label} down`} disabled={index === count - 1} onClick={() => onMove(index + 1)}>
            ↓
          </button>
          <button type="button" className="btn btn--ghost btn--sm exercise-item__remove" aria-label={`Remove ${label}`} onClick={onRemove}>
            Remove
          </button>
        </div>
      </div>
      <p className="exercise-item__guide">
        <span className="intent-dot" aria-hidden="true" /> {capitalise(exercise.exercise_intent)}: {profile.repRange} · {profile.intensity}
      </p>
      <ol className="set-list" aria-label={`Sets of ${label}`}>
        {exercise.sets.map((set, i) => (
          <SetRow
            key={set.key}
            set={set}
            exerciseName={exercise.exercise_name}
            number={i + 1}
            canRemove={exercise.sets.length > 1}
            onChange={(next) => updateSet(i, next)}
            onRemove={() => removeSet(i)}
          />
        ))}
      </ol>
      <div className="exercise-item__actions">
        <button type="button" className="btn btn--outline btn--sm" onClick={() => setSets([...exercise.sets, emptySet(exercise.sets.at(-1))])}>
          Add Set
        </button>
        <button type="button" className="btn btn--ghost btn--sm" aria-expanded={bulkOpen} onClick={() => setBulkOpen((v) => !v)}>
          Bulk Entry
        </button>
      </div>
      {bulkOpen && (
        <BulkEntry
          onGenerate={(sets) => {
            setSets(sets.map((s) => ({ ...emptySet(), type: s.type ?? 'standard', values: { reps: String(s.reps ?? ''), ...(s.load != null ? { load: String(s.load) } : {}) } })));
          }}
        />
      )}
    </section>
  );
}

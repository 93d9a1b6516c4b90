/**
 * The built-in list the overlay offers when the library cannot be loaded
 * (performance-messaging-templates §7: "a built-in fallback list of 18
 * exercises"), so a coach can still build a workout while offline. The entries
 * copy the catalogue's own rows; tests/library-fallback.unit.test.ts keeps them
 * in step.
 */
import type { LibraryExercise } from './use-exercise-library';

type Entry = [name: string, pattern: string, muscles: string[]];

const ENTRIES: Entry[] = [
  ['Back Squat (High Bar)', 'Squat', ['Quadriceps', 'Glutes', 'Adductors', 'Core']],
  ['Front Squat', 'Squat', ['Quadriceps', 'Glutes', 'Core', 'Back']],
  ['Deadlift', 'Hinge', ['Hamstrings', 'Glutes', 'Back', 'Forearms']],
  ['Romanian Deadlift', 'Hinge', ['Hamstrings', 'Glutes', 'Back']],
  ['Barbell Hip Thrust', 'Hinge', ['Glutes', 'Hamstrings']],
  ['Walking Lunge', 'Lunge', ['Quadriceps', 'Glutes', 'Adductors']],
  ['Bulgarian Split Squat', 'Lunge', ['Quadriceps', 'Glutes', 'Adductors']],
  ['Bench Press', 'Horizontal Push', ['Chest', 'Triceps', 'Shoulders']],
  ['Push-Up', 'Horizontal Push', ['Chest', 'Triceps', 'Shoulders', 'Core']],
  ['Overhead Press', 'Vertical Push', ['Shoulders', 'Triceps', 'Core']],
  ['Barbell Row', 'Horizontal Pull', ['Back', 'Lats', 'Biceps', 'Traps']],
  ['Pull-Up', 'Vertical Pull', ['Lats', 'Back', 'Biceps', 'Forearms']],
  ["Farmer's Carry", 'Carry', ['Forearms', 'Traps', 'Core', 'Full Body']],
  ['Plank', 'Core', ['Core', 'Shoulders']],
  ['Power Clean', 'Hinge', ['Full Body', 'Quadriceps', 'Glutes', 'Hamstrings', 'Traps']],
  ['Box Jump', 'Jump', ['Quadriceps', 'Glutes', 'Calves']],
  ['Kettlebell Swing', 'Hinge', ['Glutes', 'Hamstrings', 'Core']],
  ['Rowing Ergometer', 'Conditioning', ['Back', 'Lats', 'Quadriceps', 'Glutes', 'Full Body']],
];

export const FALLBACK_EXERCISES: readonly LibraryExercise[] = ENTRIES.map(([name, pattern, muscles]) => ({
  id: `fallback-${name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`,
  name,
  pattern,
  muscles,
  joints: [],
  use_case: '',
  youtube_url: null,
  exercise_type: null,
  created_by: null,
  created_at: '',
  updated_at: '',
}));

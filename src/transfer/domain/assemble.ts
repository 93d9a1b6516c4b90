/**
 * Rows → workouts. A workout is the rows sharing a start time and a name; inside it,
 * an exercise is a run of rows of one exercise (a numbering that starts again begins
 * a new run, as when an exercise is done twice in a session). Each set is a completed
 * set: what was done is both its prescription and its actual, in the unit of the file
 * (`load_unit: 'kg'` kept as entered, the fold turns it into pounds).
 */
import { DomainError } from '../../kernel/decider.ts';
import { nextHeading } from '../../training/domain/intents.ts';
import { parseWorkout } from '../../training/domain/payload.ts';
import type { WorkoutContent } from '../../training/domain/events.ts';
import type { SetActual, WorkoutSet } from '../../training/domain/workout-rules.ts';
import { ImportError, type ImportRow } from './rows.ts';

interface ExerciseRun {
  name: string;
  notes: string[];
  superset: string;
  lastOrder: number | null;
  sets: WorkoutSet[];
}

interface WorkoutDraft {
  key: string;
  line: number;
  date: string;
  name: string;
  notes: string;
  runs: ExerciseRun[];
}

export interface AssembledWorkout {
  /** The workout's start and name as the file wrote them: with the content, what makes its id. */
  key: string;
  /** The line of its first row, for messages. */
  line: number;
  content: WorkoutContent;
  /** The workout's rows as read (names before any mapping): what its id is derived from. */
  fingerprint: string;
}

export interface ImportSummary {
  rows: number;
  /** Rows that are no set (Strong's rest timers). */
  skippedRows: number;
  workouts: number;
  sets: number;
  warmupSets: number;
  /** Sets with a distance, which Spotter does not keep. */
  distanceSets: number;
  from: string | null;
  to: string | null;
  /** Each exercise name of the file with its number of sets, in the order first met. */
  exercises: Map<string, number>;
}

export function setOf(r: ImportRow): WorkoutSet {
  // Timed work (a plank, a run) comes with 0 or no reps: a time set, done when it has its time.
  const timed = !!r.seconds && !r.reps;
  const type = r.kind === 'warmup' ? 'warmup' : r.kind === 'drop' ? 'drop' : r.rpe !== null && r.rpe > 0 ? 'rpe' : timed ? 'time' : 'standard';
  const set: WorkoutSet = { type };
  const actual: SetActual = {};
  if (r.reps !== null && !(timed && r.reps === 0)) set.reps = actual.reps = r.reps;
  // A done set has a load (status.ts): bodyweight work is written 0, as the apps do.
  set.load = actual.load = r.weight ?? 0;
  if (r.unit === 'kg' && set.load > 0) set.load_unit = actual.load_unit = 'kg';
  if (r.seconds) set.time_duration = actual.time_duration = r.seconds;
  if (r.rpe !== null && r.rpe > 0) set.rpe = r.rpe;
  set.actual = actual;
  return set;
}

export class WorkoutAssembler {
  private readonly drafts = new Map<string, WorkoutDraft>();
  readonly summary: ImportSummary = { rows: 0, skippedRows: 0, workouts: 0, sets: 0, warmupSets: 0, distanceSets: 0, from: null, to: null, exercises: new Map() };

  /** A row of the file; null for a row that is no set. */
  add(row: ImportRow | null): void {
    const s = this.summary;
    s.rows++;
    if (!row) {
      s.skippedRows++;
      return;
    }
    let w = this.drafts.get(row.workoutKey);
    if (!w) {
      w = { key: row.workoutKey, line: row.line, date: row.date, name: row.workoutName, notes: row.workoutNotes, runs: [] };
      this.drafts.set(row.workoutKey, w);
      s.workouts++;
      if (!s.from || row.date < s.from) s.from = row.date;
      if (!s.to || row.date > s.to) s.to = row.date;
    }
    if (!w.notes && row.workoutNotes) w.notes = row.workoutNotes;
    let run = w.runs.at(-1);
    const restarts = run && row.order !== null && run.lastOrder !== null && row.order <= run.lastOrder;
    if (!run || run.name !== row.exercise || run.superset !== row.superset || restarts) {
      run = { name: row.exercise, notes: [], superset: row.superset, lastOrder: null, sets: [] };
      w.runs.push(run);
    }
    if (row.order !== null) run.lastOrder = row.order;
    if (row.exerciseNotes && !run.notes.includes(row.exerciseNotes)) run.notes.push(row.exerciseNotes);
    run.sets.push(setOf(row));
    s.sets++;
    if (row.kind === 'warmup') s.warmupSets++;
    if (row.hasDistance) s.distanceSets++;
    s.exercises.set(row.exercise, (s.exercises.get(row.exercise) ?? 0) + 1);
  }

  /**
   * Every workout as the training context accepts it (parseWorkout: the same checks as
   * a paste), exercise names mapped by `rename`. A workout that breaks a rule is an
   * ImportError at its first line.
   */
  *workouts(rename: (name: string) => string = (n) => n): Generator<AssembledWorkout> {
    for (const w of this.drafts.values()) {
      try {
        const parsed = parseWorkout({ date: w.date, name: w.name, notes: w.notes, exercises: exercisesOf(w.runs, rename) }, { requireUserId: false });
        const fingerprint = JSON.stringify([w.key, w.date, w.notes, w.runs.map((r) => [r.name, r.notes, r.superset, r.sets])]);
        yield { key: w.key, line: w.line, content: parsed.content, fingerprint };
      } catch (e) {
        if (e instanceof DomainError) throw new ImportError(w.line, `workout "${w.name || w.date}" of ${w.date}: ${e.message}`);
        throw e;
      }
    }
  }
}

/** Runs as exercises: a Hevy superset's members share a letter (A1, A2) and a group. */
function exercisesOf(runs: ExerciseRun[], rename: (name: string) => string) {
  const used: string[] = [];
  let letter = '';
  let member = 0;
  return runs.map((run, i) => {
    const sameGroup = run.superset !== '' && i > 0 && runs[i - 1].superset === run.superset;
    if (sameGroup) member++;
    else {
      letter = nextHeading(used).replace(/\d+$/, '');
      member = 1;
    }
    const heading = `${letter}${member}`;
    used.push(heading);
    return {
      exercise_name: rename(run.name),
      heading,
      notes: run.notes.join('\n') || undefined,
      superset_group: run.superset !== '' ? `superset-${run.superset}` : undefined,
      sets: run.sets,
    };
  });
}

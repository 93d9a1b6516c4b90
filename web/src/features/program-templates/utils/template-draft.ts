/**
 * The template editor's state (spec "Template editor state"): name, description,
 * workouts by `day-{n}`, id and the modified flag, with the builder's moves as pure
 * functions. Starts empty, unsaved; any edit marks it modified.
 */
import type { WorkoutExercise } from '@kernel';
import { EXERCISE_INTENTS, INTENT_PROFILES, type ExerciseIntent } from '@kernel';
import { workoutMetrics, type WorkoutMetrics } from '@kernel';
import { setsInLbs } from '../../../lib/weight-unit';
import type { TemplateCategory } from '@kernel';
import { dayNumber, DAYS_PER_WEEK } from '@kernel';

export const DEFAULT_TITLE = 'New Program Template';
export const DEFAULT_DESCRIPTION = 'Create a program template to assign to athletes';
export const DEFAULT_WEEKS = 8;

export type DraftWorkout = { id: string; dayKey: string; name: string; notes: string | null; exercises: WorkoutExercise[]; isTemplate: true };

export type TemplateDraft = {
  id: string | null;
  name: string;
  description: string;
  category: TemplateCategory;
  isPublic: boolean;
  workouts: Record<string, DraftWorkout[]>;
  isModified: boolean;
};

export const emptyDraft = (): TemplateDraft => ({
  id: null,
  name: DEFAULT_TITLE,
  description: DEFAULT_DESCRIPTION,
  category: 'general',
  isPublic: false,
  workouts: {},
  isModified: false,
});

let seq = 0;
/** `template-workout-{timestamp}` as the spec names them (a counter keeps two in one millisecond apart). */
export const newWorkoutId = (now = Date.now()) => `template-workout-${now}-${++seq}`;

export const allWorkouts = (d: TemplateDraft): DraftWorkout[] =>
  Object.keys(d.workouts)
    .sort((a, b) => (dayNumber(a) ?? 0) - (dayNumber(b) ?? 0))
    .flatMap((k) => d.workouts[k] ?? []);

export const workoutTotal = (d: TemplateDraft) => allWorkouts(d).length;

/** The 'Unsaved changes' flag: workouts but no id. */
export const hasUnsavedChanges = (d: TemplateDraft) => workoutTotal(d) > 0 && d.id === null;

/** Header stats: days with workouts, workouts, and weeks spanned. */
export function draftStats(d: TemplateDraft) {
  const days = Object.keys(d.workouts).filter((k) => (d.workouts[k]?.length ?? 0) > 0);
  const highest = days.reduce((m, k) => Math.max(m, dayNumber(k) ?? 0), 0);
  return { days: days.length, workouts: workoutTotal(d), weeks: Math.ceil(highest / DAYS_PER_WEEK) };
}

const modified = (d: TemplateDraft, workouts: TemplateDraft['workouts']): TemplateDraft => ({ ...d, workouts, isModified: true });

export function addWorkout(d: TemplateDraft, dayKey: string, w: Omit<DraftWorkout, 'dayKey' | 'isTemplate' | 'id'> & { id?: string }): TemplateDraft {
  const workout: DraftWorkout = { ...w, id: w.id ?? newWorkoutId(), dayKey, isTemplate: true };
  return modified(d, { ...d.workouts, [dayKey]: [...(d.workouts[dayKey] ?? []), workout] });
}

export function updateWorkout(d: TemplateDraft, id: string, change: Partial<Pick<DraftWorkout, 'name' | 'notes' | 'exercises'>>): TemplateDraft {
  const workouts: TemplateDraft['workouts'] = {};
  for (const [k, list] of Object.entries(d.workouts)) workouts[k] = list.map((w) => (w.id === id ? { ...w, ...change } : w));
  return modified(d, workouts);
}

export function removeWorkouts(d: TemplateDraft, ids: ReadonlySet<string>): { draft: TemplateDraft; removed: DraftWorkout[] } {
  const removed: DraftWorkout[] = [];
  const workouts: TemplateDraft['workouts'] = {};
  for (const [k, list] of Object.entries(d.workouts)) {
    const keep = list.filter((w) => (ids.has(w.id) ? (removed.push(w), false) : true));
    if (keep.length) workouts[k] = keep;
  }
  return { draft: modified(d, workouts), removed };
}

/** Undo of a bulk delete: the workouts go back to the days they were on. */
export function restoreWorkouts(d: TemplateDraft, removed: DraftWorkout[]): TemplateDraft {
  let next = d;
  for (const w of removed) next = modified(next, { ...next.workouts, [w.dayKey]: [...(next.workouts[w.dayKey] ?? []), w] });
  return next;
}

/** Drag and drop: the workout leaves its day and joins the target day. */
export function moveWorkout(d: TemplateDraft, id: string, toDay: string): TemplateDraft {
  const found = allWorkouts(d).find((w) => w.id === id);
  if (!found || found.dayKey === toDay) return d;
  const { draft } = removeWorkouts(d, new Set([id]));
  return modified(draft, { ...draft.workouts, [toDay]: [...(draft.workouts[toDay] ?? []), { ...found, dayKey: toDay }] });
}

/** Paste: copies with new ids; an unnamed copy is 'Pasted Workout'. */
export function pasteWorkouts(d: TemplateDraft, dayKey: string, copied: DraftWorkout[]): TemplateDraft {
  return copied.reduce((next, w) => addWorkout(next, dayKey, { name: w.name || 'Pasted Workout', notes: w.notes, exercises: w.exercises }), d);
}

export type SavedTemplate = {
  id: string;
  name: string;
  description: string;
  category: TemplateCategory;
  is_public: boolean;
  workouts?: Record<string, { id: string; name: string; notes: string | null; exercises: WorkoutExercise[] }[]>;
};

export function fromTemplate(t: SavedTemplate): TemplateDraft {
  const workouts: TemplateDraft['workouts'] = {};
  for (const [k, list] of Object.entries(t.workouts ?? {})) workouts[k] = list.map((w) => ({ ...w, dayKey: k, isTemplate: true as const }));
  return { id: t.id, name: t.name, description: t.description, category: t.category, isPublic: t.is_public, workouts, isModified: false };
}

/** The save payload the spec names (user_id, timestamps ride along; the server decides them). */
export function toSavePayload(d: TemplateDraft, form: { name: string; description: string; category: TemplateCategory; isPublic: boolean }, userId: string) {
  const workouts: Record<string, { id: string; name: string; notes: string | null; exercises: WorkoutExercise[] }[]> = {};
  for (const [k, list] of Object.entries(d.workouts)) if (list.length) workouts[k] = list.map(({ id, name, notes, exercises }) => ({ id, name, notes, exercises }));
  return { name: form.name.trim(), description: form.description.trim(), category: form.category, is_public: form.isPublic, workouts, user_id: userId };
}

export type IntentShare = { intent: ExerciseIntent; sets: number; percentage: number; color: string };

/** Template Capacity Distribution: planned sets per intent, with shares of the total. */
export function capacity(d: TemplateDraft): { total: number; intents: IntentShare[] } {
  const counts = new Map<ExerciseIntent, number>(EXERCISE_INTENTS.map((i) => [i, 0]));
  for (const w of allWorkouts(d)) for (const e of w.exercises) counts.set(e.exercise_intent, (counts.get(e.exercise_intent) ?? 0) + e.sets.length);
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  return {
    total,
    intents: EXERCISE_INTENTS.map((intent) => ({
      intent,
      sets: counts.get(intent) ?? 0,
      percentage: total ? Math.round(((counts.get(intent) ?? 0) / total) * 100) : 0,
      color: INTENT_PROFILES[intent].color,
    })),
  };
}

/** Template Analytics: the spec's metrics over every planned set (reps 0 or absent ignored). */
/** The metrics of every workout, loads in pounds (a load the coach typed in kilograms counted as the pounds it is). */
export const templateMetrics = (d: TemplateDraft): WorkoutMetrics => workoutMetrics(allWorkouts(d).map((w) => ({ ...w, exercises: setsInLbs(w.exercises) })));

/** The Weeks view's rows (Mon–Sun, 'Week n') and the Days view's cells (at most 21). */
export const MAX_DAY_CELLS = 21;
export const dayKeysOfWeek = (week: number) => Array.from({ length: DAYS_PER_WEEK }, (_, i) => `day-${(week - 1) * DAYS_PER_WEEK + i + 1}`);
export const dayCells = (weeks: number) => Array.from({ length: Math.min(MAX_DAY_CELLS, weeks * DAYS_PER_WEEK) }, (_, i) => `day-${i + 1}`);

/**
 * The library exercise aggregate (stream `exercise-<id>`). A user's exercise has a
 * UUID id and belongs to its creator; a catalogue exercise has the id
 * `catalogue-<slug>`, no creator, and is read-only to everyone: coaches build on a
 * shared vocabulary, so nobody may rename "Bench Press" under another coach's feet.
 */
import { assertNever, DomainError, type Decider } from '../../kernel/decider.ts';
import { parseYouTubeId } from './youtube.ts';

/** Everything about an exercise that its creator may change. */
export interface ExerciseDetails {
  name: string;
  pattern: string;
  muscles: string[];
  joints: string[];
  useCase: string;
  /** A YouTube watch, embed or youtu.be link, or null. */
  youtubeUrl: string | null;
}

export type ExerciseEvent =
  | { type: 'ExerciseAdded'; data: { exerciseId: string; createdBy: string | null; exerciseType: string | null } & ExerciseDetails }
  // Carries the whole state after the edit, so the read model never merges.
  | { type: 'ExerciseEdited'; data: { exerciseId: string; createdBy: string | null } & ExerciseDetails }
  | { type: 'ExerciseRemoved'; data: { exerciseId: string; createdBy: string | null } };

/** Raw input: the route has checked types, not meaning. */
export type ExerciseInput = { [K in keyof ExerciseDetails]?: ExerciseDetails[K] | null };

export type ExerciseCommand =
  | { type: 'AddExercise'; exerciseId: string; details: ExerciseInput }
  | { type: 'AddCatalogueExercise'; exerciseId: string; details: ExerciseInput; exerciseType: string }
  /** Fields left out keep their current value. */
  | { type: 'EditExercise'; changes: ExerciseInput }
  | { type: 'RemoveExercise' };

export interface ExerciseState {
  id: string | null;
  createdBy: string | null;
  removed: boolean;
  details: ExerciseDetails | null;
}

export const exerciseStream = (exerciseId: string) => `exercise-${exerciseId}`;

export const NAME_REQUIRED = 'Exercise must have a name.';
export const BAD_YOUTUBE_URL =
  'youtube_url must be a YouTube link in the watch (youtube.com/watch?v=…), embed (youtube.com/embed/…) or short (youtu.be/…) form with an 11-character video id, or empty.';
export const CATALOGUE_READ_ONLY = 'Catalogue exercises are shared and cannot be changed. Add your own exercise instead.';
export const NOT_YOUR_EXERCISE = 'You can only edit or delete exercises you created.';
export const EXERCISE_NOT_FOUND = 'Exercise not found.';
export const EXERCISE_DELETED = 'This exercise has been deleted.';

/** Lower-case kebab slug: the catalogue's stable id part, so reloading never duplicates. */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export const catalogueExerciseId = (name: string) => `catalogue-${slugify(name)}`;

/** Trims, drops empties and case-insensitive duplicates, keeping the first spelling. */
function cleanList(values: string[] | null | undefined): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of values ?? []) {
    const v = raw.trim();
    if (v && !seen.has(v.toLowerCase())) {
      seen.add(v.toLowerCase());
      out.push(v);
    }
  }
  return out;
}

/** Turns input into valid details or throws the spec's text; `base` fills what the input leaves out. */
export function validateDetails(input: ExerciseInput, base?: ExerciseDetails): ExerciseDetails {
  const pick = <K extends keyof ExerciseDetails>(k: K): ExerciseInput[K] => (input[k] !== undefined ? input[k] : base?.[k]);
  const name = (pick('name') ?? '').trim();
  if (!name) throw new DomainError(400, NAME_REQUIRED);
  const youtubeUrl = (pick('youtubeUrl') ?? '').trim();
  if (youtubeUrl && !parseYouTubeId(youtubeUrl)) throw new DomainError(400, BAD_YOUTUBE_URL);
  return {
    name,
    pattern: (pick('pattern') ?? '').trim(),
    muscles: cleanList(pick('muscles')),
    joints: cleanList(pick('joints')),
    useCase: (pick('useCase') ?? '').trim(),
    youtubeUrl: youtubeUrl || null,
  };
}

function sameDetails(a: ExerciseDetails, b: ExerciseDetails): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export const exerciseDecider: Decider<ExerciseState, ExerciseCommand, ExerciseEvent> = {
  initialState: () => ({ id: null, createdBy: null, removed: false, details: null }),

  evolve(state, event) {
    switch (event.type) {
      case 'ExerciseAdded':
      case 'ExerciseEdited': {
        const { exerciseId, createdBy, name, pattern, muscles, joints, useCase, youtubeUrl } = event.data;
        return { id: exerciseId, createdBy, removed: false, details: { name, pattern, muscles, joints, useCase, youtubeUrl } };
      }
      case 'ExerciseRemoved':
        return { ...state, removed: true };
      default:
        return assertNever(event);
    }
  },

  decide(command, state, ctx) {
    switch (command.type) {
      case 'AddExercise': {
        if (!ctx.userId) throw new DomainError(401, 'No authentication token available');
        if (state.id) throw new DomainError(409, 'An exercise with this id already exists.');
        const details = validateDetails(command.details);
        return [{ type: 'ExerciseAdded', data: { exerciseId: command.exerciseId, createdBy: ctx.userId, exerciseType: null, ...details } }];
      }
      case 'AddCatalogueExercise': {
        // Loading the catalogue again (a restart, a second server) changes nothing.
        if (state.id) return [];
        const details = validateDetails(command.details);
        return [{ type: 'ExerciseAdded', data: { exerciseId: command.exerciseId, createdBy: null, exerciseType: command.exerciseType, ...details } }];
      }
      case 'EditExercise':
      case 'RemoveExercise': {
        if (!state.id || !state.details) throw new DomainError(404, EXERCISE_NOT_FOUND);
        if (state.createdBy === null) throw new DomainError(403, CATALOGUE_READ_ONLY);
        // Ownership before "deleted", so nobody learns what happened to others' exercises.
        if (state.createdBy !== ctx.userId) throw new DomainError(403, NOT_YOUR_EXERCISE);
        if (state.removed) throw new DomainError(409, EXERCISE_DELETED);
        const key = { exerciseId: state.id, createdBy: state.createdBy };
        if (command.type === 'RemoveExercise') return [{ type: 'ExerciseRemoved', data: key }];
        const details = validateDetails(command.changes, state.details);
        return sameDetails(details, state.details) ? [] : [{ type: 'ExerciseEdited', data: { ...key, ...details } }];
      }
      default:
        return assertNever(command);
    }
  },
};

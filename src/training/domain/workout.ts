/**
 * The workout aggregate (stream `workout-<id>`): one planned session of one athlete,
 * with the actual results the athlete records set by set.
 *
 * Whether the acting user may touch the athlete's training (the athlete, or a
 * linked coach) needs the client_links read model, so the command handler checks it
 * before deciding and passes the answer in as `mayAct`; the decider stays pure.
 */
import { assertNever, DomainError, type Decider } from '../../kernel/decider.ts';
import { ACTUAL_RPE_MESSAGE, SET_LIMITS } from './limits.ts';
import { isChartRpe } from '../../kernel/load-suggestion.ts';
import type { TrainingEvent, WorkoutContent } from './events.ts';
import { isCalendarDate, type SetActual, type WorkoutExercise, type WorkoutSet } from './workout-rules.ts';
import { ACTUAL_FIELDS, cleanActual, isEmptyActual, keepActualsById, mergeActual, sameJson } from './actuals.ts';
import { assignSetIds, findSet, revisedSetId, sameSetIds, scheduledSetId, withoutSetIds, type FreshId, type SetIds } from './set-ids.ts';
import { actualInPounds, badUnitMessage, exercisesInPounds, LOAD_FIELDS, loadLimitIn } from './load-units.ts';
import { isWeightUnit, type WeightUnit } from '../../kernel/units.ts';

export { workoutStream } from './events.ts';

export interface WorkoutState {
  workoutId: string | null;
  athleteId: string | null;
  date: string | null;
  name: string | null;
  notes: string | null;
  /** The exercises' sets, without their ids: those are in `setIds`. */
  exercises: WorkoutExercise[];
  /** Each set's stable id, `setIds[i][j]` for `exercises[i].sets[j]` (set-ids.ts). */
  setIds: SetIds;
  deleted: boolean;
}

interface Authorised {
  /** The acting user is the athlete or one of the athlete's linked coaches. */
  mayAct: boolean;
}

export type WorkoutCommand =
  | ({ type: 'ScheduleWorkout'; workoutId: string; athleteId: string; content: WorkoutContent; templateId?: string | null; assignmentId?: string; importId?: string } & Authorised)
  | ({ type: 'ReviseWorkout'; content: WorkoutContent; assignmentId?: string } & Authorised)
  | ({ type: 'MoveWorkout'; toDate: string } & Authorised)
  | ({ type: 'DeleteWorkout' } & Authorised)
  | ({ type: 'RestoreWorkout' } & Authorised)
  | ({
      type: 'RecordSetActual';
      /** The set by its stable id (wherever it is now); without it, by position. */
      setId?: string;
      exerciseIndex?: number;
      setIndex?: number;
      actual: SetActual;
      /** When the athlete did the set (ISO time from their phone); bounded by boundedDoneAt. */
      doneAt?: string;
    } & Authorised);

export const MESSAGES = {
  notFound: 'Workout not found.',
  deleted: 'This workout was deleted.',
  exists: 'This workout already exists.',
  notDeleted: 'This workout is not deleted, so there is nothing to restore.',
  notYourAthlete: 'You can only plan workouts for yourself or for athletes you coach.',
  needsExercise: 'Saving a workout needs at least one exercise.',
  badDate: 'The date must be a real calendar date (YYYY-MM-DD).',
  noSuchSet: 'This set does not exist in the workout.',
  setRemoved: 'Not applied: your coach removed this set',
  badDoneAt: 'doneAt must be a date and time with a time zone, e.g. 2025-03-10T18:04:05Z.',
  badActual: 'Actual reps, load and time must be numbers of 0 or more.',
  emptyActual: 'Record at least one of reps, load or time_duration.',
} as const;

const initialState = (): WorkoutState => ({
  workoutId: null,
  athleteId: null,
  date: null,
  name: null,
  notes: null,
  exercises: [],
  setIds: [],
  deleted: false,
});

function checkContent(content: WorkoutContent): void {
  if (!isCalendarDate(content.date)) throw new DomainError(400, MESSAGES.badDate);
  if (!Array.isArray(content.exercises) || content.exercises.length === 0) throw new DomainError(400, MESSAGES.needsExercise);
  // The edge checks these too; here they keep any other caller (CLI, seed, templates)
  // from putting a number into an event that a read model cannot hold.
  for (const exercise of content.exercises) {
    for (const set of exercise.sets) {
      checkUnit(set.load_unit);
      for (const f of Object.keys(SET_LIMITS) as (keyof typeof SET_LIMITS)[]) checkNumber(set[f], f, set.load_unit);
      if (set.actual) {
        checkUnit(set.actual.load_unit);
        for (const f of ACTUAL_FIELDS) checkNumber(set.actual[f], f, set.actual.load_unit);
        checkActualRpe(set.actual.rpe);
      }
    }
  }
}

function checkUnit(unit: unknown): void {
  if (unit !== undefined && !isWeightUnit(unit)) throw new DomainError(400, badUnitMessage('load_unit'));
}

/** Within its limit; a load in the unit it was typed in (`unit` applies to loads only). */
function checkNumber(v: number | null | undefined, field: keyof typeof SET_LIMITS, unit?: WeightUnit): void {
  if (v === null || v === undefined) return;
  const isLoad = (LOAD_FIELDS as readonly string[]).includes(field);
  const max = isLoad ? loadLimitIn(SET_LIMITS[field], unit) : SET_LIMITS[field];
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > max) {
    throw new DomainError(400, `${field} must be a number from 0 to ${max}${isLoad && unit === 'kg' ? ' kg' : ''}.`);
  }
}

function checkActual(actual: SetActual): void {
  checkUnit(actual.load_unit);
  const given = ACTUAL_FIELDS.filter((f) => f in actual);
  if (given.length === 0) throw new DomainError(400, MESSAGES.emptyActual);
  for (const f of given) {
    const v = actual[f];
    if (v !== null && (typeof v !== 'number' || !Number.isFinite(v) || v < 0)) throw new DomainError(400, MESSAGES.badActual);
    checkNumber(v, f, actual.load_unit);
  }
  checkActualRpe(actual.rpe);
}

function checkActualRpe(rpe: number | null | undefined): void {
  if (rpe != null && !isChartRpe(rpe)) throw new DomainError(400, ACTUAL_RPE_MESSAGE('rpe'));
}

/** An existing, visible workout the actor may change; hides other athletes' workouts as missing. */
function existing(state: WorkoutState, command: Authorised): asserts state is WorkoutState & { workoutId: string; athleteId: string; date: string } {
  if (!state.workoutId || !command.mayAct) throw new DomainError(404, MESSAGES.notFound);
}

function editable(state: WorkoutState, command: Authorised): asserts state is WorkoutState & { workoutId: string; athleteId: string; date: string } {
  existing(state, command);
  if (state.deleted) throw new DomainError(409, MESSAGES.deleted, 'workout_deleted');
}

/**
 * The content's sets with their ids settled (set-ids.ts): the exercises as the state
 * keeps them (no ids) and the ids beside them.
 */
function settle(before: WorkoutState | null, exercises: WorkoutExercise[], fresh: FreshId): { exercises: WorkoutExercise[]; setIds: SetIds } {
  const { ids } = assignSetIds(before, exercises, fresh);
  return { exercises: withoutSetIds(exercises), setIds: ids };
}

/** How far a phone's clock is believed: a set done up to 5 minutes ahead of the server, or up to 14 days ago. */
export const DONE_AT_WINDOW = { aheadMs: 5 * 60_000, behindMs: 14 * 24 * 3_600_000 } as const;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i;

/**
 * When the athlete did a set, as the event keeps it: the phone's time (ISO, with a
 * zone) as a UTC ISO string, clamped into [now − 14 days, now + 5 minutes] of the
 * server's clock. Clamped rather than refused: a queued set must not be lost to a
 * phone's wrong clock or a long time offline (the value is then the window's edge).
 */
export function boundedDoneAt(doneAt: string, now: Date): string {
  const t = ISO_TIME.test(doneAt) ? Date.parse(doneAt) : NaN;
  if (!Number.isFinite(t)) throw new DomainError(400, MESSAGES.badDoneAt);
  const bounded = Math.min(Math.max(t, now.getTime() - DONE_AT_WINDOW.behindMs), now.getTime() + DONE_AT_WINDOW.aheadMs);
  return new Date(bounded).toISOString();
}

function withActual(exercises: WorkoutExercise[], exerciseIndex: number, setIndex: number, actual: SetActual): WorkoutExercise[] {
  return exercises.map((exercise, i) =>
    i !== exerciseIndex
      ? exercise
      : {
          ...exercise,
          sets: exercise.sets.map((set, j) => {
            if (j !== setIndex) return set;
            const { actual: _old, ...rest } = set;
            return isEmptyActual(actual) ? rest : { ...rest, actual: cleanActual(actual) };
          }),
        },
  );
}

export const workoutDecider: Decider<WorkoutState, WorkoutCommand, TrainingEvent> = {
  initialState,

  evolve(state, event) {
    switch (event.type) {
      case 'WorkoutScheduled':
      case 'WorkoutRevised': {
        const d = event.data;
        // New sets of a revision carry their ids; only events from before set ids need the derived ones.
        const fresh = event.type === 'WorkoutScheduled' ? scheduledSetId(d.workoutId) : revisedSetId(d.workoutId, state.setIds);
        const sets = settle(event.type === 'WorkoutScheduled' ? null : state, exercisesInPounds(d.exercises), fresh);
        return { ...state, workoutId: d.workoutId, athleteId: d.athleteId, date: d.date, name: d.name, notes: d.notes, ...sets };
      }
      case 'WorkoutMoved':
        return { ...state, date: event.data.toDate };
      case 'WorkoutDeleted':
        return { ...state, deleted: true };
      case 'WorkoutRestored':
        return { ...state, deleted: false };
      case 'SetActualRecorded': {
        const d = event.data;
        return { ...state, exercises: withActual(state.exercises, d.exerciseIndex, d.setIndex, actualInPounds(d.actual)) };
      }
      default:
        return assertNever(event);
    }
  },

  decide(command, state, ctx) {
    switch (command.type) {
      case 'ScheduleWorkout': {
        if (state.workoutId) throw new DomainError(409, MESSAGES.exists);
        if (!command.mayAct || !ctx.userId) throw new DomainError(403, MESSAGES.notYourAthlete);
        checkContent(command.content);
        const { date, name, notes, exercises } = command.content;
        return [
          {
            type: 'WorkoutScheduled',
            data: {
              workoutId: command.workoutId,
              athleteId: command.athleteId,
              date,
              name,
              notes,
              exercises,
              scheduledBy: ctx.userId,
              ...(command.templateId ? { templateId: command.templateId } : {}),
              ...(command.assignmentId ? { assignmentId: command.assignmentId } : {}),
              ...(command.importId ? { importId: command.importId } : {}),
            },
          },
        ];
      }
      case 'ReviseWorkout': {
        editable(state, command);
        checkContent(command.content);
        // Sets keep their ids (sent, or continued from the set at their place); new ones
        // get a new id here, written into the event so every fold gets the same.
        const { ids, inherited } = assignSetIds(state, command.content.exercises, () => ctx.newId());
        // A stale editor copy must not wipe what the athlete logged meanwhile (the same set: the same id).
        const kept = keepActualsById(state.exercises, state.setIds, command.content.exercises, ids);
        const exercises = kept.map((e, i) => ({ ...e, sets: e.sets.map(({ id: _id, ...set }, j): WorkoutSet => (inherited[i][j] ? set : { id: ids[i][j], ...set })) }));
        const next = { date: command.content.date, name: command.content.name, notes: command.content.notes, exercises };
        const current = { date: state.date, name: state.name, notes: state.notes, exercises: state.exercises };
        if (sameJson({ ...next, exercises: withoutSetIds(exercisesInPounds(exercises)) }, current) && sameSetIds(ids, state.setIds)) return [];
        const source = command.assignmentId ? { assignmentId: command.assignmentId } : {};
        return [{ type: 'WorkoutRevised', data: { workoutId: state.workoutId, athleteId: state.athleteId, ...next, ...source } }];
      }
      case 'MoveWorkout': {
        editable(state, command);
        if (!isCalendarDate(command.toDate)) throw new DomainError(400, MESSAGES.badDate);
        if (command.toDate === state.date) return [];
        return [{ type: 'WorkoutMoved', data: { workoutId: state.workoutId, athleteId: state.athleteId, fromDate: state.date, toDate: command.toDate } }];
      }
      case 'DeleteWorkout':
        existing(state, command);
        // Deleting twice (a double click, a retried bulk delete) is not an error.
        if (state.deleted) return [];
        return [{ type: 'WorkoutDeleted', data: { workoutId: state.workoutId, athleteId: state.athleteId, date: state.date } }];
      case 'RestoreWorkout':
        existing(state, command);
        if (!state.deleted) throw new DomainError(409, MESSAGES.notDeleted, 'workout_not_deleted');
        return [{ type: 'WorkoutRestored', data: { workoutId: state.workoutId, athleteId: state.athleteId, date: state.date } }];
      case 'RecordSetActual': {
        editable(state, command);
        let { exerciseIndex, setIndex } = command;
        if (command.setId !== undefined) {
          // Wherever the coach has moved it since; gone when the coach removed it.
          const at = findSet(state.setIds, command.setId);
          if (!at) throw new DomainError(409, MESSAGES.setRemoved, 'set_removed');
          ({ exerciseIndex, setIndex } = at);
        }
        const exercise = Number.isInteger(exerciseIndex) ? state.exercises[exerciseIndex!] : undefined;
        const set = Number.isInteger(setIndex) ? exercise?.sets?.[setIndex!] : undefined;
        if (!exercise || !set) throw new DomainError(404, MESSAGES.noSuchSet, 'set_not_found');
        checkActual(command.actual);
        const doneAt = command.doneAt === undefined ? undefined : boundedDoneAt(command.doneAt, ctx.now);
        const actual = mergeActual(set.actual, command.actual);
        // A load typed in kilograms is kept so in the event (the fold turns it into pounds).
        if (command.actual.load != null && command.actual.load_unit !== undefined) actual.load_unit = command.actual.load_unit;
        if (sameJson(actualInPounds(actual), cleanActual(set.actual))) return [];
        return [
          {
            type: 'SetActualRecorded',
            data: {
              workoutId: state.workoutId,
              athleteId: state.athleteId,
              date: state.date,
              exerciseIndex: exerciseIndex!,
              exerciseName: exercise.exercise_name,
              setIndex: setIndex!,
              ...(command.setId !== undefined ? { setId: state.setIds[exerciseIndex!][setIndex!] } : {}),
              ...(doneAt !== undefined ? { doneAt } : {}),
              // The whole actual after the change, so readers never merge.
              actual,
            },
          },
        ];
      }
      default:
        return assertNever(command);
    }
  },
};

/** Folds a stream's events into the state (what the command handler and tests do). */
export function foldWorkout(events: readonly { type: string; data: unknown }[]): WorkoutState {
  return events.reduce((s, e) => workoutDecider.evolve(s, e as TrainingEvent), workoutDecider.initialState());
}

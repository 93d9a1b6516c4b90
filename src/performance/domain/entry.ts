/**
 * The manual performance entry aggregate. Authorisation (athlete or linked coach)
 * happens in the handler, which knows the database; the decider enforces the
 * entry's own rules with "today" passed in (the athlete's day, in their zone).
 */
import { assertNever, DomainError, type Decider } from '../../kernel/decider.ts';
import type { PerformanceEvent } from './events.ts';
import { checkEntry, type EntryInput } from './validation.ts';

export type PerformanceCommand = { type: 'LogPerformance'; entryId: string; input: EntryInput; today: string } | { type: 'RemovePerformanceEntry'; entryId: string };

export interface EntryState {
  entryId: string | null;
  athleteId: string | null;
  removed: boolean;
}

export const ENTRY_NOT_FOUND = 'Performance entry not found';

export const performanceDecider: Decider<EntryState, PerformanceCommand, PerformanceEvent> = {
  initialState: () => ({ entryId: null, athleteId: null, removed: false }),

  evolve(state, event) {
    switch (event.type) {
      case 'PerformanceLogged':
        return { entryId: event.data.entryId, athleteId: event.data.athleteId, removed: false };
      case 'PerformanceEntryRemoved':
        return { ...state, removed: true };
      default:
        return assertNever(event);
    }
  },

  decide(command, state, ctx) {
    switch (command.type) {
      case 'LogPerformance': {
        // A retried request (same entry id) changes nothing.
        if (state.entryId !== null) return [];
        const checked = checkEntry(command.input, command.today);
        if (!checked.ok) throw new DomainError(400, checked.error);
        const e = checked.entry;
        return [
          {
            type: 'PerformanceLogged',
            data: {
              entryId: command.entryId,
              athleteId: e.athleteId,
              exerciseName: e.exerciseName,
              exerciseType: e.exerciseType,
              value: e.value,
              reps: e.reps,
              unit: e.unit,
              date: e.date,
              loggedBy: ctx.userId!,
            },
          },
        ];
      }
      case 'RemovePerformanceEntry':
        if (state.entryId === null) throw new DomainError(404, ENTRY_NOT_FOUND);
        if (state.removed) return [];
        return [{ type: 'PerformanceEntryRemoved', data: { entryId: state.entryId, athleteId: state.athleteId!, removedBy: ctx.userId! } }];
      default:
        return assertNever(command);
    }
  },
};

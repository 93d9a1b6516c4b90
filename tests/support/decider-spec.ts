/**
 * Decider tests read as specifications (docs/architecture.md, "House style"):
 *   given([…events]).when(command).then([…events])  or  .thenThrows(status, text)
 * No mocks: the decider's own evolve folds the history, and where the decider has
 * evolveAll, so does that (both must agree; see foldHistory).
 */
import { expect } from 'vitest';
import { DomainError, foldEvents, type CommandContext, type Decider, type DomainEvent } from '../../src/kernel/decider.ts';

export function deciderSpec<S, C, E extends DomainEvent>(decider: Decider<S, C, E>, defaults: { userId: string | null; newId?: () => string; now?: Date }) {
  return function given(history: E[]) {
    return {
      when(command: C, userId: string | null = defaults.userId) {
        const ctx: CommandContext = { userId, now: defaults.now ?? new Date('2025-03-01T10:00:00Z'), newId: defaults.newId ?? (() => 'unused') };
        const run = () => decider.decide(command, foldHistory(decider, history), ctx);
        return {
          then: (expected: E[]) => expect(run()).toEqual(expected),
          thenThrows(status: number, message: string) {
            let error: unknown;
            try {
              run();
            } catch (e) {
              error = e;
            }
            expect(error).toBeInstanceOf(DomainError);
            expect(error).toMatchObject({ status, message });
          },
        };
      },
    };
  };
}

/**
 * The history folded one event at a time and, where the decider has evolveAll (as
 * handleCommand folds a stream it reads), in two runs: the second run starts from the
 * first's state. Both folds must give the same state, and a run must leave the state
 * it started from as it was (states are shared between commands).
 */
export function foldHistory<S, C, E extends DomainEvent>(decider: Decider<S, C, E>, history: E[]): S {
  const stepwise = history.reduce(decider.evolve, decider.initialState());
  if (!decider.evolveAll) return stepwise;
  const half = Math.ceil(history.length / 2);
  const first = foldEvents(decider, decider.initialState(), history.slice(0, half));
  const firstAsItWas = structuredClone(first);
  const whole = foldEvents(decider, first, history.slice(half));
  expect(first, 'evolveAll changed the state it started from').toEqual(firstAsItWas);
  expect(whole, 'evolveAll and evolve disagree').toEqual(stepwise);
  return whole;
}

/**
 * Decider tests read as specifications (docs/architecture.md, "House style"):
 *   given([…events]).when(command).then([…events])  or  .thenThrows(status, text)
 * No mocks: the decider's own evolve folds the history.
 */
import { expect } from 'vitest';
import { DomainError, type CommandContext, type Decider, type DomainEvent } from '../../src/kernel/decider.ts';

export function deciderSpec<S, C, E extends DomainEvent>(decider: Decider<S, C, E>, defaults: { userId: string | null; newId?: () => string; now?: Date }) {
  return function given(history: E[]) {
    return {
      when(command: C, userId: string | null = defaults.userId) {
        const ctx: CommandContext = { userId, now: defaults.now ?? new Date('2025-03-01T10:00:00Z'), newId: defaults.newId ?? (() => 'unused') };
        const run = () => decider.decide(command, history.reduce(decider.evolve, decider.initialState()), ctx);
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

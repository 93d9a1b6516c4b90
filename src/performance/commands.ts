/**
 * The performance command handlers: authorise (the athlete, or a coach linked to
 * them), take the athlete's "today" in their own time zone, then load → decide →
 * append through handleCommand. Routes and the benchmark go through here.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { EventStore } from '../platform/eventstore/port.ts';
import { handleCommand } from '../platform/handle-command.ts';
import { DomainError } from '../kernel/decider.ts';
import { canActFor } from '../training/index.ts';
import { isUuid } from '../training/index.ts';
import { todayFor } from '../accounts/index.ts';
import { entryStream, type PerformanceEvent } from './domain/events.ts';
import { ENTRY_NOT_FOUND, performanceDecider } from './domain/entry.ts';
import { PERFORMANCE_TEXTS, type EntryInput } from './domain/validation.ts';

export interface PerformanceDeps {
  pool: pg.Pool;
  store: EventStore;
  now: () => Date;
}

/** Not linked and not yourself: told the athlete does not exist, as for a stranger's workout. */
export const ATHLETE_NOT_FOUND = 'Athlete not found';

export async function mayLogFor(db: pg.Pool, userId: string, athleteId: string): Promise<boolean> {
  return isUuid(athleteId) && canActFor(db, userId, athleteId);
}

export async function logPerformance(
  deps: PerformanceDeps,
  userId: string,
  input: EntryInput,
  opts: { entryId?: string; idempotencyKey?: string; command?: { id: string; requestHash: string } | null } = {},
) {
  const athleteId = typeof input.athleteId === 'string' ? input.athleteId.trim() : '';
  if (!athleteId) throw new DomainError(400, PERFORMANCE_TEXTS.incomplete);
  if (!(await mayLogFor(deps.pool, userId, athleteId))) throw new DomainError(404, ATHLETE_NOT_FOUND);
  const now = deps.now();
  const today = await todayFor(deps.pool, athleteId, now);
  const entryId = opts.entryId ?? randomUUID();
  const result = await handleCommand(
    deps.store,
    entryStream(entryId),
    performanceDecider,
    { type: 'LogPerformance', entryId, input: { ...input, athleteId }, today },
    { userId, now: () => now, ...(opts.idempotencyKey ? { idempotencyKey: opts.idempotencyKey } : {}), ...(opts.command ? { command: opts.command } : {}) },
  );
  const logged = result.events.find((e): e is Extract<PerformanceEvent, { type: 'PerformanceLogged' }> => e.type === 'PerformanceLogged');
  return { id: entryId, entry: logged?.data ?? null, checkpoint: result.append?.checkpoint ?? null };
}

export async function removePerformanceEntry(deps: PerformanceDeps, userId: string, entryId: string) {
  if (!isUuid(entryId)) throw new DomainError(404, ENTRY_NOT_FOUND);
  const events = await deps.store.readStream(entryStream(entryId));
  const state = events.reduce((s, e) => performanceDecider.evolve(s, e as unknown as PerformanceEvent), performanceDecider.initialState());
  // Somebody else's entry is as missing as one that never existed.
  if (state.athleteId === null || !(await canActFor(deps.pool, userId, state.athleteId))) throw new DomainError(404, ENTRY_NOT_FOUND);
  const result = await handleCommand(deps.store, entryStream(entryId), performanceDecider, { type: 'RemovePerformanceEntry', entryId }, { userId, now: deps.now });
  return { checkpoint: result.append?.checkpoint ?? null };
}

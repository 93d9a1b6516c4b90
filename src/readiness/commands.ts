/**
 * The check-in command handler: the caller checks in for themself on their own local
 * day (their time zone), through the day's stream (load → decide → append).
 */
import type pg from 'pg';
import type { EventStore } from '../platform/eventstore/port.ts';
import { handleCommand } from '../platform/handle-command.ts';
import { todayFor } from '../accounts/index.ts';
import { checkInDecider, type CheckInState, type ReadinessCommand } from './domain/check-in.ts';
import { checkInStream, type ReadinessAnswers, type ReadinessEvent } from './domain/events.ts';

export interface ReadinessDeps {
  pool: pg.Pool;
  store: EventStore;
  now: () => Date;
}

export async function checkIn(deps: ReadinessDeps, athleteId: string, input: { answers: Record<keyof ReadinessAnswers, unknown>; note?: string | null }) {
  const now = deps.now();
  const date = await todayFor(deps.pool, athleteId, now);
  const result = await handleCommand<CheckInState, ReadinessCommand, ReadinessEvent>(
    deps.store,
    checkInStream(athleteId, date),
    checkInDecider,
    { type: 'CheckIn', athleteId, date, answers: input.answers, note: input.note ?? null },
    { userId: athleteId, now: () => now },
  );
  // The day's answer as it now stands: the new one, or the same one sent again.
  const checkIn = result.events.at(-1)?.data ?? result.before.current;
  return { checkIn, checkpoint: result.append?.checkpoint ?? null };
}

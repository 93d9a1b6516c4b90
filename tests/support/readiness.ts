/**
 * Past check-ins for readiness tests: the real decider and event store, with the day
 * given rather than taken from the clock (the route only ever checks in for today, and
 * moving a server's clock by weeks would expire every session).
 */
import { handleCommand } from '../../src/platform/handle-command.ts';
import type { EventStore } from '../../src/platform/eventstore/port.ts';
import { checkInDecider } from '../../src/readiness/domain/check-in.ts';
import { checkInStream } from '../../src/readiness/domain/events.ts';

export type Answers = { sleep: number; soreness: number; stress: number; energy: number };

/** Checks `athleteId` in on each of `dates`; resolves with the last checkpoint. */
export async function seedCheckIns(store: EventStore, athleteId: string, dates: string[], answers: Answers): Promise<string | null> {
  let checkpoint: string | null = null;
  for (const date of dates) {
    const r = await handleCommand(store, checkInStream(athleteId, date), checkInDecider, { type: 'CheckIn', athleteId, date, answers, note: null }, { userId: athleteId });
    checkpoint = r.append?.checkpoint ?? checkpoint;
  }
  return checkpoint;
}

/** The days from `from` to `to`, both included (YYYY-MM-DD). */
export function daysFrom(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)) out.push(d);
  return out;
}

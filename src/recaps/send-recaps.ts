/**
 * Sends planned recaps through the recap aggregate, one command per athlete-week.
 * Used by `spotter recap` and by the server's Monday schedule, so both follow the
 * same once-per-week rule.
 */
import type { EventStore } from '../platform/eventstore/port.ts';
import { handleCommand } from '../platform/handle-command.ts';
import { recapDecider, recapStream } from './domain/recap.ts';
import type { PlannedRecap } from './summaries.ts';

export type RecapOutcome = 'sent' | 'already sent' | 'failed';

export interface RecapResult extends PlannedRecap {
  outcome: RecapOutcome;
  error?: string;
}

export interface SendOptions {
  now: () => Date;
  /** Who asked: the staff user of the CLI, or the server's schedule. */
  staff: string;
  onProgress?: (done: number, total: number) => void;
}

export async function sendRecaps(store: EventStore, plans: PlannedRecap[], opts: SendOptions): Promise<RecapResult[]> {
  const results: RecapResult[] = [];
  for (const plan of plans) {
    try {
      const { events } = await handleCommand(
        store,
        recapStream(plan.to.athleteId),
        recapDecider,
        { type: 'SendWeeklyRecap', week: plan.week, to: plan.to, summary: plan.summary },
        { userId: null, now: opts.now, metadata: { staff: opts.staff } },
      );
      results.push({ ...plan, outcome: events.length ? 'sent' : 'already sent' });
    } catch (e) {
      results.push({ ...plan, outcome: 'failed', error: (e as Error).message });
    }
    opts.onProgress?.(results.length, plans.length);
  }
  return results;
}

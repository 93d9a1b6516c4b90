/**
 * Sends planned recaps through the recap aggregate, one command per athlete-week.
 * Used by `spotter recap` and by the server's Monday schedule, so both follow the
 * same once-per-week rule.
 */
import type { EventStore } from '../platform/eventstore/port.ts';
import { handleCommand } from '../platform/handle-command.ts';
import { recapDecider, recapStream, type RecapEvent } from './domain/recap.ts';
import type { PlannedRecap } from './summaries.ts';

export type RecapOutcome = 'sent' | 'resent' | 'already sent' | 'failed';

export interface RecapResult extends PlannedRecap {
  outcome: RecapOutcome;
  error?: string;
}

export interface SendOptions {
  now: () => Date;
  /** Who asked: the staff user of the CLI, or the server's schedule. */
  staff: string;
  onProgress?: (done: number, total: number) => void;
  /** Send again the weeks already sent (`spotter recap --force`); only ever for finished weeks. */
  resend?: boolean;
  /** Stops before the next recap (Ctrl-C in `spotter recap`): the ones not tried are not in the results. */
  signal?: AbortSignal;
}

/** The weeks an athlete's recap aggregate has sent, as a real run would find them (dry runs use it). */
export async function weeksSent(store: EventStore, athleteId: string): Promise<Set<string>> {
  const events = await store.readStream(recapStream(athleteId));
  return new Set(events.filter((e) => e.type === 'WeeklyRecapSent').map((e) => (e.data as RecapEvent['data']).week));
}

export async function sendRecaps(store: EventStore, plans: PlannedRecap[], opts: SendOptions): Promise<RecapResult[]> {
  const results: RecapResult[] = [];
  for (const plan of plans) {
    if (opts.signal?.aborted) break;
    try {
      const { events } = await handleCommand(
        store,
        recapStream(plan.to.athleteId),
        recapDecider,
        { type: 'SendWeeklyRecap', week: plan.week, to: plan.to, summary: plan.summary, resend: opts.resend },
        { userId: null, now: opts.now, metadata: { staff: opts.staff } },
      );
      const resent = events.some((e) => e.data.resend);
      results.push({ ...plan, outcome: events.length === 0 ? 'already sent' : resent ? 'resent' : 'sent' });
    } catch (e) {
      results.push({ ...plan, outcome: 'failed', error: (e as Error).message });
    }
    opts.onProgress?.(results.length, plans.length);
  }
  return results;
}

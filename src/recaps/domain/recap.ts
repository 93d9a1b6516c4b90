/**
 * The weekly recap aggregate (stream `recap-<athleteId>`): which weeks an athlete has
 * been sent a recap for. Sending is deciding `WeeklyRecapSent` once per week; the mail
 * reactor queues the mail for that event (one outbox row per event id), so a rerun, a
 * second server or a crash between the two can neither skip nor repeat a recap.
 */
import { assertNever, type Decider } from '../../kernel/decider.ts';

export interface RecapRecipient {
  athleteId: string;
  email: string;
  name: string;
}

/** The week's figures as the WeeklyRecapSent event stores them (a stored schema: change it with an upcaster). */
export interface WeeklyRecapSummary {
  workoutsCompleted: number;
  /** Minutes trained in the week. */
  totalDuration: number;
  /** Consecutive training days. */
  streak: number;
  nextWorkout?: string;
  /** The week's readiness check-ins (issue 27): their mean score (1–5) and count; absent without any. */
  readiness?: { average: number; checkIns: number };
}

/** `resend`: a staff member's deliberate second mail for a week already sent (`spotter recap --force`). */
export type RecapCommand = { type: 'SendWeeklyRecap'; week: string; to: RecapRecipient; summary: WeeklyRecapSummary; resend?: boolean };

export type RecapEvent = { type: 'WeeklyRecapSent'; data: RecapRecipient & { week: string; summary: WeeklyRecapSummary; resend?: true } };

export interface RecapState {
  weeksSent: readonly string[];
}

export const recapStream = (athleteId: string) => `recap-${athleteId}`;

export const recapDecider: Decider<RecapState, RecapCommand, RecapEvent> = {
  initialState: () => ({ weeksSent: [] }),

  evolve(state, event) {
    switch (event.type) {
      case 'WeeklyRecapSent':
        return { weeksSent: [...state.weeksSent, event.data.week] };
      default:
        return assertNever(event.type);
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'SendWeeklyRecap':
        // Already sent: nothing happens, which is what makes reruns safe (unless a resend is asked for).
        if (state.weeksSent.includes(command.week)) {
          return command.resend ? [{ type: 'WeeklyRecapSent', data: { ...command.to, week: command.week, summary: command.summary, resend: true } }] : [];
        }
        return [{ type: 'WeeklyRecapSent', data: { ...command.to, week: command.week, summary: command.summary } }];
      default:
        return assertNever(command.type);
    }
  },
};

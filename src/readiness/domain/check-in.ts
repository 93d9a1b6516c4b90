/**
 * The daily check-in aggregate (one stream per athlete and local day). The first
 * answer of a day is `ReadinessCheckedIn`; another one that day replaces it
 * (`ReadinessCheckInCorrected`), so a mistyped tap can be fixed and the day still
 * counts once; the same answer again changes nothing (a retried request).
 */
import { assertNever, DomainError, type Decider } from '../../kernel/decider.ts';
import type { CheckInData, ReadinessAnswers, ReadinessEvent } from './events.ts';

export const SCORE_MIN = 1;
export const SCORE_MAX = 5;
export const NOTE_MAX = 500;
export const SCORE_FIELDS = ['sleep', 'soreness', 'stress', 'energy'] as const satisfies readonly (keyof ReadinessAnswers)[];

export const READINESS_TEXTS = {
  badScore: (field: string) => `${field} must be a whole number from ${SCORE_MIN} to ${SCORE_MAX}.`,
  longNote: `The note must be at most ${NOTE_MAX} characters.`,
  notYours: 'You can only check in for yourself.',
} as const;

export type ReadinessCommand = {
  type: 'CheckIn';
  athleteId: string;
  /** The athlete's today in their own time zone, given by the handler. */
  date: string;
  answers: Record<keyof ReadinessAnswers, unknown>;
  note?: string | null;
};

export interface CheckInState {
  current: CheckInData | null;
}

function checkAnswers(answers: Record<keyof ReadinessAnswers, unknown>): ReadinessAnswers {
  const out = {} as ReadinessAnswers;
  for (const f of SCORE_FIELDS) {
    const v = answers[f];
    if (typeof v !== 'number' || !Number.isInteger(v) || v < SCORE_MIN || v > SCORE_MAX) throw new DomainError(400, READINESS_TEXTS.badScore(f));
    out[f] = v;
  }
  return out;
}

function checkNote(note: string | null | undefined): string | null {
  const t = (note ?? '').trim();
  if ([...t].length > NOTE_MAX) throw new DomainError(400, READINESS_TEXTS.longNote);
  return t || null;
}

const sameCheckIn = (a: CheckInData, b: CheckInData) => SCORE_FIELDS.every((f) => a[f] === b[f]) && a.note === b.note;

export const checkInDecider: Decider<CheckInState, ReadinessCommand, ReadinessEvent> = {
  initialState: () => ({ current: null }),

  evolve(_state, event) {
    switch (event.type) {
      case 'ReadinessCheckedIn':
      case 'ReadinessCheckInCorrected':
        return { current: event.data };
      default:
        return assertNever(event);
    }
  },

  decide(command, state, ctx) {
    switch (command.type) {
      case 'CheckIn': {
        if (ctx.userId !== command.athleteId) throw new DomainError(403, READINESS_TEXTS.notYours);
        const data: CheckInData = { athleteId: command.athleteId, date: command.date, ...checkAnswers(command.answers), note: checkNote(command.note) };
        if (state.current === null) return [{ type: 'ReadinessCheckedIn', data }];
        if (sameCheckIn(state.current, data)) return [];
        return [{ type: 'ReadinessCheckInCorrected', data }];
      }
      default:
        return assertNever(command.type);
    }
  },
};

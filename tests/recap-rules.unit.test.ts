import { describe, expect, it } from 'vitest';
import { isoWeekOf, lastCompleteWeek, weekRange } from '../src/recaps/domain/iso-week.ts';
import { parseRecapSchedule } from '../src/kernel/recap-schedule.ts';
import { isDue } from '../src/recaps/schedule.ts';
import { recapDecider } from '../src/recaps/domain/recap.ts';
import { deciderSpec } from './support/decider-spec.ts';

describe('ISO weeks', () => {
  it('names the week of a date, the year taken from its Thursday', () => {
    expect(isoWeekOf('2026-11-23')).toBe('2026-W48');
    expect(isoWeekOf('2026-11-29')).toBe('2026-W48');
    expect(isoWeekOf('2021-01-03')).toBe('2020-W53');
    expect(isoWeekOf('2024-12-30')).toBe('2025-W01');
  });

  it('gives Monday to Sunday of a week and refuses weeks that do not exist', () => {
    expect(weekRange('2026-W48')).toEqual({ start: '2026-11-23', end: '2026-11-29' });
    expect(weekRange('2020-W53')).toEqual({ start: '2020-12-28', end: '2021-01-03' });
    expect(weekRange('2025-W53')).toBeNull();
    expect(weekRange('2026-W53')).toEqual({ start: '2026-12-28', end: '2027-01-03' });
    expect(weekRange('2026-W00')).toBeNull();
    expect(weekRange('2026-48')).toBeNull();
  });

  it('takes the last complete week: on a Monday that is the week just ended, on a Sunday the one before', () => {
    expect(lastCompleteWeek('2026-11-30')).toBe('2026-W48');
    expect(lastCompleteWeek('2026-11-29')).toBe('2026-W47');
  });
});

describe('RECAP_SCHEDULE', () => {
  it('reads "off" and "<day> HH:MM", and refuses anything else', () => {
    expect(parseRecapSchedule('off')).toBeNull();
    expect(parseRecapSchedule('Mon 08:00')).toEqual({ weekday: 1, minute: 480 });
    expect(() => parseRecapSchedule('monday 25:00')).toThrow(/RECAP_SCHEDULE/);
    expect(() => parseRecapSchedule('weekly')).toThrow(/RECAP_SCHEDULE/);
  });

  it("is due from the set time of the athlete's own Monday", () => {
    const schedule = parseRecapSchedule('mon 08:00')!;
    // Monday 2026-11-30 07:30 UTC: 08:30 in Berlin, still 07:30 in London, Sunday night in New York.
    const now = new Date('2026-11-30T07:30:00Z');
    expect(isDue(schedule, 'Europe/Berlin', now)).toBe(true);
    expect(isDue(schedule, 'Europe/London', now)).toBe(false);
    expect(isDue(schedule, 'America/New_York', now)).toBe(false);
  });
});

describe('the weekly recap aggregate', () => {
  const to = { athleteId: 'a1', email: 'a@x.test', name: 'Ana' };
  const summary = { workoutsCompleted: 4, totalDuration: 180, streak: 3 };
  const given = deciderSpec(recapDecider, { userId: null });

  it('sends a week once', () => {
    given([])
      .when({ type: 'SendWeeklyRecap', week: '2026-W47', to, summary })
      .then([{ type: 'WeeklyRecapSent', data: { ...to, week: '2026-W47', summary } }]);
  });

  it('decides nothing for a week already sent, and sends the next week', () => {
    const sent = { type: 'WeeklyRecapSent' as const, data: { ...to, week: '2026-W47', summary } };
    given([sent]).when({ type: 'SendWeeklyRecap', week: '2026-W47', to, summary }).then([]);
    given([sent])
      .when({ type: 'SendWeeklyRecap', week: '2026-W48', to, summary })
      .then([{ type: 'WeeklyRecapSent', data: { ...to, week: '2026-W48', summary } }]);
  });
});

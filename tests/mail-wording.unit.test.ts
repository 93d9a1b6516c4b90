/**
 * The wording issue 29 found wrong: an invitation to someone without an account, an
 * assignment of several workouts, and a recap that talks about last week as "this week".
 */
import { describe, expect, it } from 'vitest';
import { renderEmail } from '../emails/render.ts';
import { formatWeek } from '../emails/templates/weekly-recap.ts';
import { SCHEDULE_LINES } from '../emails/templates/workout-assigned.ts';

describe('an invitation to an address without an account', () => {
  it('greets without inventing a name and says why the mail came', async () => {
    const mail = await renderEmail('invitation', { coachName: 'Coach Bo', link: 'https://spotter.app/signup?invite=t' });
    expect(mail.text).toMatch(/^Hi there,/);
    expect(mail.text).toContain('You are receiving this e-mail because Coach Bo invited this address to Spotter.');
    expect(mail.html).toContain('because Coach Bo invited this address to Spotter');
    expect(mail.html).not.toContain('because of your Spotter account');
  });

  it('keeps the name of someone who has an account', async () => {
    const mail = await renderEmail('invitation', { athleteName: 'Ana', coachName: 'Coach Bo', link: 'https://spotter.app/clients' });
    expect(mail.text).toMatch(/^Hi Ana,/);
  });
});

describe('the assignment of several workouts', () => {
  const schedule = ['Mon 7 Dec 2026: Lower', 'Wed 9 Dec 2026: Upper', 'Mon 14 Dec 2026: Full'];

  it('says how many and lists each with its date', async () => {
    const mail = await renderEmail('workout-assigned', {
      athleteName: 'Ana',
      coachName: 'Coach Bo',
      workoutName: 'Base Block, 3 workouts from Mon 7 Dec 2026 to Mon 14 Dec 2026',
      link: 'https://spotter.app/training',
      schedule,
    });
    expect(mail.subject).toBe('New workouts from Coach Bo: Base Block, 3 workouts from Mon 7 Dec 2026 to Mon 14 Dec 2026');
    expect(mail.text).toContain('Coach Bo just assigned you 3 workouts on Spotter (Base Block, 3 workouts from Mon 7 Dec 2026 to Mon 14 Dec 2026):');
    expect(mail.text).toContain('  Mon 7 Dec 2026: Lower\n  Wed 9 Dec 2026: Upper\n  Mon 14 Dec 2026: Full');
    expect(mail.text).not.toContain('a workout:');
    for (const line of schedule) expect(mail.html).toContain(line);
  });

  it('sums up a long program after the first lines', async () => {
    const long = Array.from({ length: 40 }, (_, i) => `Day ${i + 1}: Session`);
    const mail = await renderEmail('workout-assigned', {
      athleteName: 'Ana',
      coachName: 'Coach Bo',
      workoutName: 'Year Plan',
      link: 'https://spotter.app/training',
      schedule: long,
    });
    expect(mail.text).toContain(`Day ${SCHEDULE_LINES}: Session\n  … and ${40 - SCHEDULE_LINES} more`);
    expect(mail.text).not.toContain(`Day ${SCHEDULE_LINES + 1}: Session`);
  });
});

describe('the weekly recap', () => {
  it('names the week by its dates, never "this week"', async () => {
    const mail = await renderEmail('weekly-recap', {
      name: 'Ana',
      summary: { workoutsCompleted: 2, totalDuration: 152, streak: 16 },
      period: { start: '2026-11-16', end: '2026-11-22' },
      link: 'https://spotter.app/training',
    });
    expect(mail.text).toContain('You trained 2 workouts in the week of 16–22 November 2026.');
    expect(mail.text).not.toMatch(/workouts? this week/);
    expect(mail.text).toContain('Streak: 16 days');
  });

  it('writes weeks across months and years', () => {
    expect(formatWeek('2026-11-30', '2026-12-06')).toBe('30 November – 6 December 2026');
    expect(formatWeek('2025-12-29', '2026-01-04')).toBe('29 December 2025 – 4 January 2026');
    expect(() => formatWeek('2026-11-22', '2026-11-16')).toThrow(TypeError);
  });
});

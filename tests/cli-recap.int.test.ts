/**
 * `spotter recap` against a real server's database: recaps computed from the read
 * models, queued once per athlete and week however often the command runs (also
 * after a crash part-way), and the outbox's hourly limit deferring, not dropping.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '../emails/mailer.ts';
import { runRecap, type RecapLine } from '../cli/lib/recap.ts';
import { UsageError } from '../cli/command.ts';
import { isoWeekOf, lastCompleteWeek, weekRange } from '../src/recaps/domain/iso-week.ts';
import { formatWeek } from '../emails/templates/weekly-recap.ts';
import { planRecaps } from '../src/recaps/summaries.ts';
import { sendRecaps } from '../src/recaps/send-recaps.ts';
import { todayIn } from '../src/accounts/time-zone.ts';
import { addDays } from '../src/training/domain/workout-rules.ts';
import { linkAthlete, settled } from './support/coaching.ts';
import { signedInUser, startTestServer, type TestServer } from './support/server.ts';

let t: TestServer;
let coach: Awaited<ReturnType<typeof signedInUser>>;
let athletes: Awaited<ReturnType<typeof signedInUser>>[];
const week = lastCompleteWeek(todayIn('UTC', new Date()));
const { start: monday } = weekRange(week)!;

async function workout(athleteId: string, date: string, done: boolean) {
  const set = { reps: 5, load: 100, ...(done ? { actual: { reps: 5, load: 100 } } : {}) };
  const r = await t.api(
    'POST',
    '/api/manage-workouts',
    { workout: { user_id: athleteId, date, name: 'Lower', exercises: [{ exercise_name: 'Back Squat', sets: [set, set] }] } },
    coach.accessToken,
  );
  expect(r.body).toMatchObject({ success: true });
  await settled(t, r.body.checkpoint);
}

async function settle() {
  await t.server.platform.runner.waitFor((await t.server.platform.store.headCheckpoint())!);
}

async function recapMails(): Promise<string[]> {
  const { rows } = await t.db.pool.query<{ recipient: string }>(`SELECT recipient FROM email_outbox WHERE kind = 'weekly-recap' ORDER BY recipient`);
  return rows.map((r) => r.recipient);
}

const deps = () => ({ pool: t.server.platform.pool, store: t.server.platform.store });

beforeAll(async () => {
  t = await startTestServer();
  coach = await signedInUser(t, 'Coach Recap');
  athletes = [];
  for (let i = 0; i < 5; i++) athletes.push(await signedInUser(t, `Athlete ${i}`));
  for (const a of athletes) await linkAthlete(t, coach, a);
  // Athlete 0: four sessions last week (Outstanding); athlete 1: one done, one not.
  for (const day of [0, 1, 3, 5]) await workout(athletes[0].user.id, addDays(monday, day), true);
  await workout(athletes[1].user.id, addDays(monday, 2), true);
  await workout(athletes[1].user.id, addDays(monday, 4), false);
  await workout(athletes[1].user.id, addDays(monday, 9), false);
});

afterAll(() => t?.close());

describe('spotter recap', () => {
  it('previews every athlete of the coach without sending anything', async () => {
    const report = await runRecap(deps(), { coach: coach.email, dryRun: true });
    const lines = report.lines;
    expect(lines).toHaveLength(5);
    expect(report.totals).toMatchObject({ recaps: 5, 'would queue': 5, 'already sent': 0 });
    const byEmail = new Map(lines.map((l) => [l.email, l]));
    // Four planned training days, all logged: a 4-day streak (rest days between them do not break it).
    expect(byEmail.get(athletes[0].email)).toMatchObject<Partial<RecapLine>>({ week, workouts: 4, headline: 'Outstanding', outcome: 'would queue', streak: 4 });
    expect(byEmail.get(athletes[1].email)).toMatchObject<Partial<RecapLine>>({ workouts: 1, headline: 'Keep Going', nextWorkout: `Lower on ${addDays(monday, 9)}` });
    expect(byEmail.get(athletes[2].email)).toMatchObject<Partial<RecapLine>>({ workouts: 0, durationSeconds: 0, nextWorkout: null });
    // The week's dates travel with every line.
    expect(byEmail.get(athletes[0].email)).toMatchObject<Partial<RecapLine>>({ from: monday, to: addDays(monday, 6) });
    await settle();
    expect(await recapMails()).toEqual([]);
  });

  it('refuses a week that does not exist and an unknown coach, before doing anything', async () => {
    await expect(runRecap(deps(), { week: '2026-W54' })).rejects.toBeInstanceOf(UsageError);
    await expect(runRecap(deps(), { week: 'last week' })).rejects.toThrow(/ISO week/);
    await expect(runRecap(deps(), { coach: 'nobody@example.com' })).rejects.toThrow('No account with the e-mail nobody@example.com.');
    // An athlete given as the coach is told so, not sent on to another error.
    await expect(runRecap(deps(), { coach: athletes[0].email })).rejects.toThrow(`${athletes[0].email} is not a coach (an athlete of ${coach.email.toLowerCase()})`);
  });

  it('refuses a week that has not ended, even with --force, and sends nothing for it', async () => {
    const thisWeek = isoWeekOf(todayIn('UTC', new Date()));
    const nextYear = `${Number(thisWeek.slice(0, 4)) + 1}-W10`;
    for (const w of [thisWeek, nextYear]) {
      await expect(runRecap(deps(), { week: w, coach: coach.email, staff: 'test' })).rejects.toThrow(/has not ended yet/);
      await expect(runRecap(deps(), { week: w, coach: coach.email, staff: 'test', force: true })).rejects.toBeInstanceOf(UsageError);
    }
    const { rows } = await t.db.pool.query(`SELECT count(*)::int AS n FROM es_events WHERE event_type = 'WeeklyRecapSent'`);
    expect(rows[0].n).toBe(0);
  });

  it('sends each recap once when killed after two of five and run again, and never again on a third run', async () => {
    // The "killed" run: only the first two recaps were decided before the process died.
    const plans = await planRecaps(t.server.platform.pool, { now: new Date(), coachId: coach.user.id });
    await sendRecaps(t.server.platform.store, plans.slice(0, 2), { now: () => new Date(), staff: 'test' });

    // A dry run now says what the real run will do: two already sent, three to queue.
    const preview = await runRecap(deps(), { coach: coach.email, dryRun: true });
    expect(preview.totals).toMatchObject({ 'already sent': 2, 'would queue': 3 });

    const rerun = await runRecap(deps(), { coach: coach.email, staff: 'test' });
    expect(rerun.totals).toMatchObject({ 'already sent': 2, queued: 3, failed: 0 });
    const third = await runRecap(deps(), { coach: coach.email, staff: 'test' });
    expect(third.lines.every((l) => l.outcome === 'already sent')).toBe(true);
    expect((await runRecap(deps(), { coach: coach.email, dryRun: true })).totals).toMatchObject({ 'already sent': 5, 'would queue': 0 });

    await settle();
    expect(await recapMails()).toEqual(athletes.map((a) => a.email.toLowerCase()).sort());
    // The mail itself reaches the outbox with the headline.
    await t.server.sender.flush();
    const mails = await listOutbox(t.outboxDir, 500);
    const outstanding = mails.filter((m) => m.to === athletes[0].email && m.subject.includes('Outstanding'));
    expect(outstanding).toHaveLength(1);
    // About last week, by its dates; never "this week".
    expect(outstanding[0].text).toContain(`You trained 4 workouts in the week of ${formatWeek(monday, addDays(monday, 6))}.`);
    expect(outstanding[0].text).not.toMatch(/this week\./);
  });

  it('resends a finished week only when forced, as a second mail', async () => {
    const forced = await runRecap(deps(), { coach: coach.email, week, staff: 'test', force: true });
    expect(forced.totals).toMatchObject({ resent: 5, queued: 0 });
    await settle();
    expect((await recapMails()).filter((r) => r === athletes[0].email.toLowerCase())).toHaveLength(2);
  });

  it('records the staff user who sent a recap in the event metadata', async () => {
    const { rows } = await t.db.pool.query(`SELECT metadata FROM es_events WHERE event_type = 'WeeklyRecapSent' LIMIT 1`);
    expect(rows[0].metadata).toMatchObject({ staff: 'test' });
  });
});

describe('the hourly limit per recipient', () => {
  it('sends 30 mails to one address within an hour and defers the 31st until the hour has room', async () => {
    let now = new Date('2030-01-07T08:00:00Z');
    const limited = await startTestServer({ now: () => now });
    try {
      const to = 'busy.athlete@example.com';
      const data = { name: 'Busy', summary: { workoutsCompleted: 1, totalDuration: 30, streak: 1 }, link: 'http://localhost/training' };
      for (let i = 0; i < 31; i++) {
        await limited.db.pool.query(`INSERT INTO email_outbox (id, event_id, kind, recipient, data) VALUES ($1, $2, 'weekly-recap', $3, $4)`, [randomUUID(), `e${i}`, to, data]);
      }
      await limited.server.sender.flush();
      const count = async (status: string) => (await limited.db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM email_outbox WHERE status = $1', [status])).rows[0].n;
      expect(await count('sent')).toBe(30);
      expect(await count('pending')).toBe(1);
      expect(await count('failed')).toBe(0);
      expect((await listOutbox(limited.outboxDir, 100)).filter((m) => m.to === to)).toHaveLength(30);

      now = new Date(now.getTime() + 61 * 60 * 1000);
      await limited.server.sender.flush();
      expect(await count('sent')).toBe(31);
      // Sent once, not again on a later pass.
      await limited.server.sender.flush();
      expect((await listOutbox(limited.outboxDir, 100)).filter((m) => m.to === to)).toHaveLength(31);
    } finally {
      await limited.close();
    }
  });
});

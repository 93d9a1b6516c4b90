/**
 * Retention (issue 26, item 4): a sent mail keeps its subject, body and Message-ID for
 * MAIL_BODY_RETENTION_DAYS, then only its envelope; finished webhook deliveries lose
 * the receiver's answer after WEBHOOK_RESPONSE_RETENTION_DAYS. The sweep is the one
 * `spotter retention` and the server run.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, startTestServer, type TestServer } from './support/server.ts';
import { runRetention } from '../cli/lib/retention.ts';
import { daysFrom, loadConfig } from '../src/platform/config.ts';

const DAY = 24 * 60 * 60 * 1000;
const today = new Date();
let clock = new Date(today.getTime() - 31 * DAY);
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ now: () => clock });
});
afterAll(async () => t?.close());

interface MailRow {
  recipient: string;
  kind: string;
  status: string;
  subject: string | null;
  body_html: string | null;
  body_text: string | null;
  message_id: string | null;
  sent_at: Date | null;
  body_cleared_at: Date | null;
}
const mails = async (to: string) =>
  (
    await t.db.pool.query<MailRow>(
      `SELECT recipient, kind, status, subject, body_html, body_text, message_id, sent_at, body_cleared_at FROM email_outbox WHERE recipient = $1 ORDER BY created_at`,
      [to.toLowerCase()],
    )
  ).rows;

describe('mail bodies', () => {
  it('an old sent mail keeps only its envelope, a recent one everything; a second sweep changes nothing', async () => {
    const old = await signedInUser(t, 'Olive Old');
    clock = today;
    const recent = await signedInUser(t, 'Rita Recent');

    const [oldMail] = await mails(old.email);
    expect(oldMail).toMatchObject({ kind: 'confirmation', status: 'sent', sent_at: expect.any(Date) });
    expect(oldMail.body_html).toContain('/confirm?token=');
    const envelope = {
      recipient: oldMail.recipient,
      kind: oldMail.kind,
      status: oldMail.status,
      subject: oldMail.subject,
      message_id: oldMail.message_id,
      sent_at: oldMail.sent_at,
    };
    expect(envelope.subject).toMatch(/\S/);
    expect(envelope.message_id).toMatch(/\S/);

    const dry = await runRetention(t.db.pool, { dryRun: true, now: today, env: {} });
    expect(dry.find((l) => l.name === 'mail-bodies')!.rows).toBeGreaterThanOrEqual(1);
    expect((await mails(old.email))[0].body_html).toContain('/confirm?token=');

    const swept = await runRetention(t.db.pool, { dryRun: false, now: today, env: {} });
    expect(swept.find((l) => l.name === 'mail-bodies')!.rows).toBe(dry.find((l) => l.name === 'mail-bodies')!.rows);

    const [after] = await mails(old.email);
    expect(after).toMatchObject({ ...envelope, body_html: null, body_text: null, body_cleared_at: today });
    const [kept] = await mails(recent.email);
    expect(kept).toMatchObject({ kind: 'confirmation', status: 'sent', body_cleared_at: null });
    expect(kept.subject).toMatch(/\S/);
    expect(kept.body_html).toContain('/confirm?token=');
    expect(kept.message_id).toMatch(/\S/);

    const again = await runRetention(t.db.pool, { dryRun: false, now: today, env: {} });
    expect(again.every((l) => l.rows === 0)).toBe(true);
    // A shorter period from the environment takes the recent one too.
    const shorter = await runRetention(t.db.pool, { dryRun: false, now: new Date(today.getTime() + 2 * DAY), env: { MAIL_BODY_RETENTION_DAYS: '1' } });
    expect(shorter.find((l) => l.name === 'mail-bodies')!.rows).toBeGreaterThanOrEqual(1);
    expect((await mails(recent.email))[0]).toMatchObject({ body_html: null, subject: kept.subject, message_id: kept.message_id });
  });
});

describe('webhook answers', () => {
  it('a finished delivery past the period loses the answer and keeps its status; a recent one keeps it', async () => {
    const coach = await signedInUser(t, 'Wendy Webhook');
    const endpoint = randomUUID();
    await t.db.pool.query(
      `INSERT INTO webhook_endpoints (id, coach_id, url, event_types, secret) VALUES ($1, $2, 'https://hooks.invalid/x', '{workout.completed}', 'whsec_test')`,
      [endpoint, coach.user.id],
    );
    const delivery = async (deliveredAt: Date) => {
      const id = `msg_${randomUUID()}`;
      await t.db.pool.query(
        `INSERT INTO webhook_deliveries (id, endpoint_id, event_id, event_type, payload, status, attempts, response_status, response_body, delivered_at, next_attempt_at, created_at)
         VALUES ($1, $2, $3, 'workout.completed', '{}', 'delivered', 1, 200, 'ok from receiver', $4, $4, $4)`,
        [id, endpoint, randomUUID(), deliveredAt],
      );
      return id;
    };
    const old = await delivery(new Date(today.getTime() - 40 * DAY));
    const recent = await delivery(new Date(today.getTime() - 2 * DAY));
    const lines = await runRetention(t.db.pool, { dryRun: false, now: today, env: {} });
    expect(lines.find((l) => l.name === 'webhook-responses')!.rows).toBe(1);
    const rows = (await t.db.pool.query(`SELECT id, status, response_status, response_body FROM webhook_deliveries WHERE endpoint_id = $1`, [endpoint])).rows;
    expect(rows.find((r) => r.id === old)).toMatchObject({ status: 'delivered', response_status: 200, response_body: null });
    expect(rows.find((r) => r.id === recent)).toMatchObject({ status: 'delivered', response_status: 200, response_body: 'ok from receiver' });
  });
});

describe('retention settings', () => {
  it('are whole days from 1 to 3650, 30 by default', () => {
    expect(loadConfig({}).retention).toEqual({ mailBodyDays: 30, webhookResponseDays: 30 });
    expect(loadConfig({ WEBHOOK_RESPONSE_RETENTION_DAYS: '7' }).retention.webhookResponseDays).toBe(7);
    for (const bad of ['0', '-1', '1.5', 'thirty', '3651'])
      expect(() => daysFrom(bad, 30, 'MAIL_BODY_RETENTION_DAYS')).toThrow(/MAIL_BODY_RETENTION_DAYS must be a whole number of days/);
  });
});

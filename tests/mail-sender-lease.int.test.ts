/**
 * Several servers send mail side by side. A server that starts (or a sender that polls)
 * takes back only the mails whose sender died (their lease ran out), never one that a
 * live server is sending right now: that would send it twice.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../emails/mailer.ts';
import { MAIL_CLAIM_LEASE_MS, MailSender } from '../src/platform/mail/sender.ts';
import { enqueueMail } from '../src/platform/mail/outbox.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { outboxMails } from './support/outbox.ts';

let t: TestServer;
let outboxDir: string;
beforeAll(async () => {
  t = await startTestServer();
  outboxDir = await mkdtemp(path.join(os.tmpdir(), 'spotter-lease-'));
});
afterAll(async () => {
  await t?.close();
  await rm(outboxDir, { recursive: true, force: true });
});

/**
 * A mail another server claimed `claimedAgoMs` ago. Queued and claimed in one transaction:
 * the test server's own sender must never see it pending, or it would send it itself
 * (it did, once, on a loaded machine).
 */
async function claimedMail(recipient: string, claimedAgoMs: number): Promise<string> {
  const id = randomUUID();
  const client = await t.db.pool.connect();
  try {
    await client.query('BEGIN');
    await enqueueMail(client, [{ id, key: `lease-test:${id}`, kind: 'welcome', recipient, data: { name: 'Ana', link: 'http://localhost/signin' } }]);
    await client.query(`UPDATE email_outbox SET status = 'sending', attempts = 1, claimed_at = $2 WHERE id = $1`, [id, new Date(Date.now() - claimedAgoMs)]);
    await client.query('COMMIT');
  } finally {
    client.release();
  }
  return id;
}

const statusOf = async (id: string) => (await t.db.pool.query<{ status: string }>('SELECT status FROM email_outbox WHERE id = $1', [id])).rows[0].status;

describe('a mail being sent by another server', () => {
  it('stays that server’s while its lease holds; an abandoned one is sent once by the next sender', async () => {
    const live = await claimedMail('live@example.com', 1_000);
    const abandoned = await claimedMail('abandoned@example.com', MAIL_CLAIM_LEASE_MS + 60_000);

    const sender = new MailSender(t.db.pool, createMailer({ outboxDir }));
    await sender.start();
    await sender.flush();
    await sender.stop();

    // The test server's own sender may be the next one to claim it (its poll can fall
    // between the take-back and this sender's flush, as it did in a CI rehearsal): either
    // way it is sent once, and the live server's mail is left alone.
    await expect.poll(() => statusOf(abandoned)).toBe('sent');
    expect(await statusOf(live)).toBe('sending');
    // Exactly one mail went out, from either sender: the abandoned one, to its recipient.
    const mails = (await Promise.all([outboxDir, t.outboxDir].map(outboxMails))).flat();
    expect(mails.map((m) => m.to)).toEqual(['abandoned@example.com']);
  });
});

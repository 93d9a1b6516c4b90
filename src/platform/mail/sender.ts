/**
 * Delivers queued mails from email_outbox. Each row is claimed (FOR UPDATE SKIP LOCKED,
 * so several servers can send side by side), rendered, checked against the
 * per-recipient limit and handed to the mailer under its own id, so a retry after a
 * crash writes the same outbox file or carries the same Message-ID.
 */
import type pg from 'pg';
import type { EmailKind } from '../../../emails/render.ts';
import { leaseRenderThread, type RenderThreadLease } from '../../../emails/render-thread.ts';
import type { Mailer } from '../../../emails/mailer.ts';
import { emailSubject, ERASED_TEXT } from '../eventstore/personal-data.ts';
import { ERASED_SINCE_SQL } from './outbox.ts';

export const EMAILS_PER_RECIPIENT_PER_HOUR = 30;
export const RATE_LIMIT_MESSAGE = 'Rate limit exceeded. Maximum 30 emails per hour per recipient.';
const MAX_ATTEMPTS = 5;
/**
 * How long a claimed mail is its sender's: a server that died mid-send leaves it in
 * 'sending', and another takes it back after this. Far longer than a send takes (the
 * SMTP timeouts are well under it), so a live sender's mail is never sent twice.
 */
export const MAIL_CLAIM_LEASE_MS = 5 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** What a finished mail keeps until the retention period ends. */
interface SentMail {
  subject: string;
  html: string;
  text: string | null;
  messageId: string | null;
}

interface OutboxRow {
  id: string;
  kind: string;
  recipient: string;
  data: Record<string, unknown>;
  attempts: number;
}

async function sentInLastHour(db: pg.Pool | pg.PoolClient, recipient: string, now: Date): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM email_outbox WHERE recipient = $1 AND status = 'sent' AND sent_at > $2`, [
    recipient.toLowerCase(),
    new Date(now.getTime() - HOUR_MS),
  ]);
  return rows[0].n;
}

/** When a recipient's oldest counted mail leaves the hour: the earliest a deferred mail may go. */
async function nextFreeSlot(db: pg.Pool | pg.PoolClient, recipient: string, now: Date): Promise<Date> {
  const { rows } = await db.query<{ oldest: Date | null }>(`SELECT min(sent_at) AS oldest FROM email_outbox WHERE recipient = $1 AND status = 'sent' AND sent_at > $2`, [
    recipient.toLowerCase(),
    new Date(now.getTime() - HOUR_MS),
  ]);
  const oldest = rows[0]?.oldest;
  return new Date((oldest ? oldest.getTime() : now.getTime()) + HOUR_MS);
}

/** Mails counted against a recipient's hourly limit: sent, or on their way. */
export async function recentMailCount(db: pg.Pool | pg.PoolClient, recipient: string, now: Date): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM email_outbox
     WHERE recipient = $1 AND status IN ('sent', 'sending') AND coalesce(sent_at, created_at) > $2`,
    [recipient.toLowerCase(), new Date(now.getTime() - HOUR_MS)],
  );
  return rows[0].n;
}

/** Mails a coach causes name the coach in the sender ("<coach> via Spotter"): the data's coachName. */
const COACH_KINDS = new Set(['invitation', 'workout-assigned']);

function coachOf(row: OutboxRow): string | undefined {
  const name = row.data.coachName;
  return COACH_KINDS.has(row.kind) && typeof name === 'string' ? name : undefined;
}

export class MailSender {
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  /**
   * MJML off the server's thread: requests and websocket messages do not wait for a mail's
   * layout. The thread is the process's, shared with any other sender in it; held from the
   * first use (start() warms it) until stop().
   */
  private lease: RenderThreadLease | null = null;

  constructor(
    private readonly pool: pg.Pool,
    private readonly mailer: Mailer,
    private readonly opts: { now?: () => Date; log?: (m: string) => void; pollMs?: number } = {},
  ) {}

  async start(): Promise<void> {
    this.renderer().warm();
    await this.takeBackAbandoned();
    this.poll();
  }

  /**
   * A crash mid-send leaves rows in 'sending'; sending them again under the same id is
   * what makes delivery idempotent (see the header). Only rows whose lease ran out:
   * the others belong to a live server sending them now.
   */
  private async takeBackAbandoned(): Promise<void> {
    const now = this.opts.now?.() ?? new Date();
    await this.pool.query(`UPDATE email_outbox SET status = 'pending' WHERE status = 'sending' AND (claimed_at IS NULL OR claimed_at < $1)`, [
      new Date(now.getTime() - MAIL_CLAIM_LEASE_MS),
    ]);
  }

  private poll(): void {
    this.timer = setTimeout(() => {
      void this.flush().finally(() => this.poll());
    }, this.opts.pollMs ?? 1000);
  }

  /** Sends everything pending; concurrent calls share one run. */
  flush(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          while (await this.sendBatch()) {
            // sendBatch() returns true while there may be more to send.
          }
        } while (this.again);
      } catch (e) {
        this.opts.log?.(`mail sender: ${(e as Error).message}`);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  private async sendBatch(): Promise<boolean> {
    const now = this.opts.now?.() ?? new Date();
    await this.takeBackAbandoned();
    const { rows } = await this.pool.query<OutboxRow>(
      `UPDATE email_outbox SET status = 'sending', attempts = attempts + 1, claimed_at = $1
       WHERE id IN (SELECT id FROM email_outbox WHERE status = 'pending' AND (not_before IS NULL OR not_before <= $1)
                    ORDER BY coalesce(not_before, created_at) FOR UPDATE SKIP LOCKED LIMIT 20)
       RETURNING id, kind, recipient, data, attempts`,
      [now],
    );
    for (const row of rows) await this.sendOne(row);
    return rows.length > 0;
  }

  private async sendOne(row: OutboxRow): Promise<void> {
    const now = this.opts.now?.() ?? new Date();
    // Queued in a transaction that committed after an erasure of its recipient dropped
    // the pending mail (issue 26): dropped here, address and all.
    const { rowCount: dropped } = await this.pool.query(`DELETE FROM email_outbox o WHERE o.id = $1 AND (o.recipient = $3 OR ${ERASED_SINCE_SQL('$2', 'o.created_at')})`, [
      row.id,
      emailSubject(row.recipient),
      ERASED_TEXT,
    ]);
    if (dropped) {
      this.opts.log?.(`mail ${row.id} dropped: its recipient's account was erased`);
      return;
    }
    // Only mails really sent count here: rows claimed in the same batch are not sent yet,
    // and counting them would defer mails that still fit in the hour.
    if ((await sentInLastHour(this.pool, row.recipient, now)) >= EMAILS_PER_RECIPIENT_PER_HOUR) {
      // Deferred, not dropped: it goes once the recipient's hour has room again. The
      // attempt it used is given back, since nothing was tried.
      await this.pool.query(`UPDATE email_outbox SET status = 'pending', attempts = attempts - 1, not_before = $2, error = $3 WHERE id = $1`, [
        row.id,
        await nextFreeSlot(this.pool, row.recipient, now),
        RATE_LIMIT_MESSAGE,
      ]);
      return;
    }
    let sent: SentMail | null = null;
    try {
      const mail =
        row.kind === 'custom'
          ? { subject: String(row.data.subject), html: String(row.data.html), text: undefined }
          : await this.renderer().render(row.kind as EmailKind, row.data as never);
      sent = { subject: mail.subject, html: mail.html, text: mail.text ?? null, messageId: null };
      sent.messageId = (await this.mailer.send({ key: row.id, to: row.recipient, subject: mail.subject, html: mail.html, text: mail.text, onBehalfOf: coachOf(row) })).messageId;
      await this.finish(row.id, 'sent', null, now, sent);
    } catch (e) {
      const message = (e as Error).message;
      this.opts.log?.(`mail ${row.id} to ${row.recipient}: ${message}`);
      await this.finish(row.id, row.attempts >= MAX_ATTEMPTS ? 'failed' : 'pending', message, now, sent);
    }
  }

  private async finish(id: string, status: 'sent' | 'failed' | 'pending', error: string | null, at: Date, mail: SentMail | null): Promise<void> {
    // A finished mail's template data may hold a one-time link: it is scrubbed. What was
    // sent (subject, body, Message-ID) stays until the retention sweep
    // (src/retention/sweep.ts) leaves only the envelope.
    await this.pool.query(
      `UPDATE email_outbox SET status = $2, error = $3,
         sent_at = CASE WHEN $2 = 'sent' THEN $4::timestamptz END,
         failed_at = CASE WHEN $2 = 'failed' THEN $4::timestamptz END,
         data = CASE WHEN $2 = 'pending' THEN data ELSE jsonb_build_object('scrubbed', true) END,
         subject = CASE WHEN $2 = 'pending' THEN subject ELSE $5 END,
         body_html = CASE WHEN $2 = 'pending' THEN body_html ELSE $6 END,
         body_text = CASE WHEN $2 = 'pending' THEN body_text ELSE $7 END,
         message_id = CASE WHEN $2 = 'pending' THEN message_id ELSE $8 END
       WHERE id = $1`,
      [id, status, error, at, mail?.subject ?? null, mail?.html ?? null, mail?.text ?? null, mail?.messageId ?? null],
    );
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    await this.running;
    this.lease?.release();
    this.lease = null;
  }

  private renderer() {
    return (this.lease ??= leaseRenderThread()).thread;
  }
}

/**
 * Delivers the webhook_deliveries outbox. Rows are claimed with FOR UPDATE SKIP
 * LOCKED and a lease (lease_until), so several servers send side by side and a
 * server that dies mid-delivery leaves its rows to the others once the lease ends:
 * at least once, under the same webhook-id every time.
 *
 * 2xx: delivered. 410 Gone: the receiver asked us to stop, the endpoint is disabled.
 * Anything else (another status, a timeout, a refused address) is tried again on the
 * back-off schedule (domain/backoff.ts); when that is spent, the endpoint is disabled
 * too, and either way the coach is told by e-mail.
 */
import type pg from 'pg';
import { enqueueMail } from '../platform/mail/outbox.ts';
import { retryDelayMs } from './domain/backoff.ts';
import { postWebhook, DELIVERY_TIMEOUT_MS, MAX_REDIRECTS, type PostOptions, type PostResult } from './safe-request.ts';
import { webhookHeaders } from './signing.ts';

/** Longer than the longest exchange (a deadline per delivery, redirects inside it), with room to spare. */
const LEASE_MS = DELIVERY_TIMEOUT_MS * (MAX_REDIRECTS + 1) + 30_000;
const BATCH = 10;

interface Claimed {
  id: string;
  endpoint_id: string;
  payload: unknown;
  attempts: number;
  url: string;
  secret: string;
  previous_secret: string | null;
  previous_secret_until: Date | null;
}

export interface WebhookSenderOptions {
  allowLoopback: boolean;
  appUrl: string;
  now?: () => Date;
  log?: (m: string) => void;
  pollMs?: number;
  /** Narrows or widens the address check (tests of redirects); see safe-request.ts. */
  mayConnect?: PostOptions['mayConnect'];
}

export class WebhookSender {
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly opts: WebhookSenderOptions,
  ) {}

  private now(): Date {
    return this.opts.now?.() ?? new Date();
  }

  start(): void {
    this.poll();
  }

  private poll(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      void this.flush().finally(() => this.poll());
    }, this.opts.pollMs ?? 500);
  }

  /** Delivers everything due; concurrent calls share one run. */
  flush(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          while (!this.stopped && (await this.sendBatch())) {
            // sendBatch() returns true while there may be more due.
          }
        } while (this.again && !this.stopped);
      } catch (e) {
        this.opts.log?.(`webhook sender: ${(e as Error).message}`);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  private async sendBatch(): Promise<boolean> {
    const now = this.now();
    const { rows } = await this.pool.query<Claimed>(
      `UPDATE webhook_deliveries d SET lease_until = $1::timestamptz + $2 * interval '1 millisecond', attempts = d.attempts + 1
         FROM webhook_endpoints w
        WHERE w.id = d.endpoint_id
          AND d.id IN (SELECT q.id FROM webhook_deliveries q JOIN webhook_endpoints e ON e.id = q.endpoint_id AND e.enabled
                        WHERE q.status = 'pending' AND q.next_attempt_at <= $1 AND (q.lease_until IS NULL OR q.lease_until <= $1)
                        ORDER BY q.next_attempt_at FOR UPDATE OF q SKIP LOCKED LIMIT ${BATCH})
      RETURNING d.id, d.endpoint_id, d.payload, d.attempts, w.url, w.secret, w.previous_secret, w.previous_secret_until`,
      [now, LEASE_MS],
    );
    await Promise.all(rows.map((row) => this.deliver(row)));
    return rows.length > 0;
  }

  private async deliver(row: Claimed): Promise<void> {
    const at = this.now();
    const body = JSON.stringify(row.payload);
    const secrets = [row.secret, ...(row.previous_secret && row.previous_secret_until && row.previous_secret_until > at ? [row.previous_secret] : [])];
    const result = await postWebhook(row.url, body, webhookHeaders(secrets, row.id, at, body), { allowLoopback: this.opts.allowLoopback, mayConnect: this.opts.mayConnect });
    await this.record(row, result);
  }

  private async record(row: Claimed, result: PostResult): Promise<void> {
    const now = this.now();
    const ok = result.status !== null && result.status >= 200 && result.status < 300;
    const gone = result.status === 410;
    const delay = ok || gone ? null : retryDelayMs(row.attempts);
    const status = ok ? 'delivered' : delay === null ? 'failed' : 'pending';
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      // Only the holder of this attempt writes its outcome (attempts is the lease's token).
      const { rowCount } = await client.query(
        `UPDATE webhook_deliveries SET status = $3, lease_until = NULL, response_status = $4, response_body = $5, error = $6,
                next_attempt_at = $7, delivered_at = CASE WHEN $3 = 'delivered' THEN $8::timestamptz ELSE delivered_at END
          WHERE id = $1 AND attempts = $2 AND status = 'pending'`,
        [row.id, row.attempts, status, result.status, result.body || null, result.error, delay === null ? now : new Date(now.getTime() + delay), now],
      );
      if (rowCount && !ok && delay === null) {
        const reason = gone ? 'The receiver answered 410 Gone.' : `Deliveries kept failing for about three days (last: ${result.error ?? `HTTP ${result.status}`}).`;
        await this.disable(client, row, reason);
      }
      await client.query('COMMIT');
    } catch (e) {
      await client.query('ROLLBACK').catch(() => {});
      throw e;
    } finally {
      client.release();
    }
  }

  /** Disables the endpoint once and queues the coach's e-mail in the same transaction. */
  private async disable(tx: pg.PoolClient, row: Claimed, reason: string): Promise<void> {
    const { rows } = await tx.query<{ email: string; full_name: string | null }>(
      `WITH off AS (
         UPDATE webhook_endpoints SET enabled = false, disabled_reason = $2, updated_at = $3 WHERE id = $1 AND enabled RETURNING coach_id)
       SELECT p.email, p.full_name FROM off JOIN user_profiles p ON p.user_id = off.coach_id`,
      [row.endpoint_id, reason, this.now()],
    );
    const coach = rows[0];
    if (!coach) return;
    this.opts.log?.(`webhook endpoint ${row.endpoint_id} disabled: ${reason}`);
    await enqueueMail(tx, [
      {
        key: `webhook-disabled:${row.id}`,
        kind: 'webhook-disabled',
        recipient: coach.email,
        data: { name: coach.full_name || coach.email, url: row.url, reason, link: `${this.opts.appUrl}/webhooks` },
      },
    ]);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
}

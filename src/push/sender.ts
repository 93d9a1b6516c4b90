/**
 * Delivers the push_deliveries outbox to the browsers' push services. Each push is
 * encrypted for its subscription (RFC 8291, aes128gcm) and signed with the server's
 * VAPID key (RFC 8292) by the `web-push` package, then POSTed through the webhooks'
 * SSRF-safe request (every resolved address checked, loopback only under the
 * test-only PUSH_ALLOW_LOOPBACK), with a 10 s deadline.
 *
 * Rows are claimed with FOR UPDATE SKIP LOCKED and a lease, so several servers send
 * side by side and a server that dies mid-push leaves its rows to the others once the
 * lease ends. 2xx: delivered. 404 or 410: the subscription is gone (the browser
 * unsubscribed or expired it) and is removed with its queued pushes. Anything else is
 * tried again on the back-off schedule (domain/backoff.ts), then marked failed.
 */
import type pg from 'pg';
import webpush from 'web-push';
import { postWebhook, DELIVERY_TIMEOUT_MS, type PostResult } from '../webhooks/index.ts';
import { pushRetryDelayMs } from './domain/backoff.ts';
import type { VapidKeys } from './vapid.ts';

/** Longer than the longest exchange, with room to spare. */
const LEASE_MS = DELIVERY_TIMEOUT_MS + 30_000;
const BATCH = 20;

interface Claimed {
  id: string;
  subscription_id: string;
  payload: unknown;
  ttl_seconds: number;
  attempts: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushSenderOptions {
  allowLoopback: boolean;
  vapid: VapidKeys;
  /** The VAPID `sub` claim: mailto: or https: (config.pushSubject). */
  subject: string;
  now?: () => Date;
  log?: (m: string) => void;
  pollMs?: number;
}

export class PushSender {
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly opts: PushSenderOptions,
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
    }, this.opts.pollMs ?? 1000);
    this.timer.unref();
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
        if (!this.stopped) this.opts.log?.(`push sender: ${(e as Error).message}`);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  private async sendBatch(): Promise<boolean> {
    const now = this.now();
    const { rows } = await this.pool.query<Claimed>(
      `UPDATE push_deliveries d SET lease_until = $1::timestamptz + $2 * interval '1 millisecond', attempts = d.attempts + 1
         FROM push_subscriptions s
        WHERE s.id = d.subscription_id
          AND d.id IN (SELECT q.id FROM push_deliveries q
                        WHERE q.status = 'pending' AND q.next_attempt_at <= $1 AND (q.lease_until IS NULL OR q.lease_until <= $1)
                        ORDER BY q.next_attempt_at FOR UPDATE SKIP LOCKED LIMIT ${BATCH})
      RETURNING d.id, d.subscription_id, d.payload, d.ttl_seconds, d.attempts, s.endpoint, s.p256dh, s.auth`,
      [now, LEASE_MS],
    );
    await Promise.all(rows.map((row) => this.deliver(row)));
    return rows.length > 0;
  }

  private async deliver(row: Claimed): Promise<void> {
    let result: PostResult;
    try {
      const request = webpush.generateRequestDetails({ endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } }, JSON.stringify(row.payload), {
        vapidDetails: { subject: this.opts.subject, publicKey: this.opts.vapid.publicKey, privateKey: this.opts.vapid.privateKey },
        TTL: row.ttl_seconds,
        contentEncoding: 'aes128gcm',
        urgency: 'normal',
      });
      const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
      result = await postWebhook(request.endpoint, request.body ?? Buffer.alloc(0), { ...headers, 'user-agent': 'Spotter-Push/1' }, { allowLoopback: this.opts.allowLoopback });
    } catch (e) {
      result = { status: null, body: '', error: `Could not encrypt the push: ${(e as Error).message}` };
    }
    await this.record(row, result);
  }

  private async record(row: Claimed, result: PostResult): Promise<void> {
    const now = this.now();
    if (result.status === 404 || result.status === 410) {
      // The subscription is gone; its queued pushes (this one included) go with it.
      await this.pool.query('DELETE FROM push_subscriptions WHERE id = $1', [row.subscription_id]);
      this.opts.log?.(`push subscription ${row.subscription_id} removed: the push service answered ${result.status}`);
      return;
    }
    const ok = result.status !== null && result.status >= 200 && result.status < 300;
    const delay = ok ? null : pushRetryDelayMs(row.attempts);
    const status = ok ? 'delivered' : delay === null ? 'failed' : 'pending';
    // Only the holder of this attempt writes its outcome (attempts is the lease's token).
    // A finished push keeps no payload: it may quote a message or comment, and a copy
    // outside the events would outlive its author's erasure (issue 26).
    await this.pool.query(
      `UPDATE push_deliveries SET status = $3, lease_until = NULL, response_status = $4, error = $5, next_attempt_at = $6,
              payload = CASE WHEN $3 = 'pending' THEN payload ELSE '{}'::jsonb END,
              delivered_at = CASE WHEN $3 = 'delivered' THEN $7::timestamptz ELSE delivered_at END
        WHERE id = $1 AND attempts = $2 AND status = 'pending'`,
      [row.id, row.attempts, status, result.status, result.error ?? (ok ? null : result.body.slice(0, 500) || null), delay === null ? now : new Date(now.getTime() + delay), now],
    );
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
}

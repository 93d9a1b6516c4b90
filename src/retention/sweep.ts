/**
 * Retention (issue 26, item 4): kept data loses its content once its period is over
 * and keeps only an outline. Each rule is one UPDATE over rows past their period that
 * still hold something, in batches, so a sweep is cheap when there is nothing to do
 * (partial index on the rows still whole), and a second sweep changes nothing.
 * The periods are settings (config.ts `retention`); README, "Retention", lists them.
 */
import type pg from 'pg';
import type { RetentionPeriods } from '../platform/config.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows per statement: a long backlog is cleared in short transactions. */
const BATCH = 1000;

export interface RetentionRule {
  name: string;
  /** What is cleared and what stays after the period. */
  description: string;
  days: number;
}

interface RuleSql extends RetentionRule {
  /** Rows past the period still holding content ($1: the cut-off). */
  due: string;
  /** Clears at most $2 due rows ($1: the cut-off); returns how many. */
  clear: string;
  /** Parameters after the first two ($3…). */
  extra?: (now: Date) => unknown[];
}

function rules(periods: RetentionPeriods): RuleSql[] {
  const mailDue = `status IN ('sent', 'failed') AND body_cleared_at IS NULL AND coalesce(sent_at, failed_at) < $1`;
  const hookDue = `status <> 'pending' AND response_body IS NOT NULL AND coalesce(delivered_at, next_attempt_at) < $1`;
  return [
    {
      name: 'mail-bodies',
      description: 'Sent and failed mails: subject, body and Message-ID go; recipient, template kind, status, queued/sent/failed times and error stay.',
      days: periods.mailBodyDays,
      due: `SELECT count(*)::int AS n FROM email_outbox WHERE ${mailDue}`,
      clear: `UPDATE email_outbox SET body_html = NULL, body_text = NULL, body_cleared_at = $3
               WHERE id IN (SELECT id FROM email_outbox WHERE ${mailDue} LIMIT $2)`,
      extra: (now) => [now],
    },
    {
      name: 'webhook-responses',
      description: "Finished webhook deliveries: the start of the receiver's answer goes; event, status, HTTP status, attempts, times and error stay.",
      days: periods.webhookResponseDays,
      due: `SELECT count(*)::int AS n FROM webhook_deliveries WHERE ${hookDue}`,
      clear: `UPDATE webhook_deliveries SET response_body = NULL
               WHERE id IN (SELECT id FROM webhook_deliveries WHERE ${hookDue} LIMIT $2)`,
    },
  ];
}

export interface RetentionLine extends RetentionRule {
  /** Everything older than this (sent, failed or answered before it) is past its period. */
  cutoff: Date;
  /** Rows cleared (or, in a dry run, that would be). */
  rows: number;
}

/** The rules and their periods, for the README and `spotter retention`. */
export function retentionRules(periods: RetentionPeriods): RetentionRule[] {
  return rules(periods).map(({ name, description, days }) => ({ name, description, days }));
}

/** Clears everything past its period (or only counts it, with dryRun). Idempotent. */
export async function sweepRetention(pool: pg.Pool, periods: RetentionPeriods, now: Date, opts: { dryRun?: boolean } = {}): Promise<RetentionLine[]> {
  const lines: RetentionLine[] = [];
  for (const rule of rules(periods)) {
    const cutoff = new Date(now.getTime() - rule.days * DAY_MS);
    let rows = 0;
    if (opts.dryRun) {
      rows = (await pool.query<{ n: number }>(rule.due, [cutoff])).rows[0].n;
    } else {
      for (;;) {
        const { rowCount } = await pool.query(rule.clear, [cutoff, BATCH, ...(rule.extra?.(now) ?? [])]);
        rows += rowCount ?? 0;
        if ((rowCount ?? 0) < BATCH) break;
      }
    }
    lines.push({ name: rule.name, description: rule.description, days: rule.days, cutoff, rows });
  }
  return lines;
}

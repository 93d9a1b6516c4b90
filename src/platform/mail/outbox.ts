/**
 * The one way a mail is queued: a row in `email_outbox`, written in the caller's
 * transaction (so the mail exists exactly when what caused it does) and sent later by
 * the MailSender. `key` makes it idempotent: a key already queued for the same kind
 * is skipped, so a reactor's replay or retry never mails twice.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { emailSubject, ERASED_TEXT } from '../eventstore/personal-data.ts';

const UUID = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';

/**
 * Whether the address was erased at or after `since` (issue 26): its pseudo-subject's
 * key is in the erase log from then. A person who signs up again with the address
 * later is a new person: what their own events cause is after the erasure, and goes.
 */
export const ERASED_SINCE_SQL = (subject: string, since: string) => `EXISTS (SELECT FROM personal_data_erasures x WHERE x.subject_id = ${subject} AND x.erased_at >= ${since})`;

export interface OutgoingMail {
  /** The outbox row's id, when the caller reads the row back (the e-mail demo page); random otherwise. */
  id?: string;
  /** What the mail is for: an event id, a batch of event ids, or `api:<id>` for a direct send. */
  key: string;
  kind: string;
  recipient: string;
  data: unknown;
  /** When it counts as queued (the injected clock); the database's now() otherwise. */
  createdAt?: Date;
}

/**
 * Queues the mails in one statement; returns how many were new. A mail to an erased
 * person is dropped: a reactor lagging behind an erasure must not queue one about
 * an event from before it (the erasure has already dropped what was pending).
 */
export async function enqueueMail(tx: pg.PoolClient, mails: readonly OutgoingMail[]): Promise<number> {
  if (mails.length === 0) return 0;
  const { rowCount } = await tx.query(
    `INSERT INTO email_outbox (id, event_id, kind, recipient, data, created_at)
     SELECT id, key, kind, recipient, data, coalesce(created_at, now())
         FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::jsonb[], $6::timestamptz[], $7::text[]) AS m(id, key, kind, recipient, data, created_at, subject)
      WHERE m.recipient <> '${ERASED_TEXT}'
        AND NOT ${ERASED_SINCE_SQL(
          'm.subject',
          `coalesce((SELECT e.created_at FROM es_events e WHERE e.event_id = CASE WHEN m.key ~* '${UUID}' THEN m.key::uuid END), m.created_at, now())`,
        )}
     ON CONFLICT (event_id, kind) DO NOTHING`,
    [
      mails.map((m) => m.id ?? randomUUID()),
      mails.map((m) => m.key),
      mails.map((m) => m.kind),
      mails.map((m) => m.recipient.trim().toLowerCase()),
      mails.map((m) => JSON.stringify(m.data)),
      mails.map((m) => m.createdAt ?? null),
      mails.map((m) => emailSubject(m.recipient)),
    ],
  );
  return rowCount ?? 0;
}

/**
 * The mail reactor turns events into queued e-mails (email_outbox rows) inside the
 * runner's checkpoint transaction: an event queues its mail exactly once. Links that
 * need a one-time token get it here, stored hashed; the raw token only travels in the
 * queued mail and is scrubbed once the mail is sent.
 */
import type pg from 'pg';
import type { StoredEvent } from '../eventstore/port.ts';
import type { Projection } from '../projections/projection.ts';
import { newToken, tokenHash } from '../auth/one-time-token.ts';
import { enqueueMail } from './outbox.ts';

export const CONFIRM_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

export interface QueuedMail {
  kind: string;
  recipient: string;
  data: Record<string, unknown>;
}

export type MailRule = (e: StoredEvent, ctx: { tx: pg.PoolClient; appUrl: string; issuedAt: Date }) => Promise<QueuedMail[]>;

async function issueToken(tx: pg.PoolClient, userId: string, purpose: 'confirm' | 'reset', expiresAt: Date): Promise<string> {
  const token = newToken();
  // A new reset link retires every earlier one: only the latest mail can change the password.
  if (purpose === 'reset') {
    await tx.query(`UPDATE auth_tokens SET used_at = $2 WHERE user_id = $1 AND purpose = 'reset' AND used_at IS NULL`, [
      userId,
      new Date(expiresAt.getTime() - RESET_TOKEN_TTL_MS),
    ]);
  }
  await tx.query('INSERT INTO auth_tokens (token_hash, user_id, purpose, expires_at) VALUES ($1, $2, $3, $4)', [tokenHash(token), userId, purpose, expiresAt]);
  return token;
}

/** One rule per event type; other features add theirs (invitations, assigned workouts). */
const rules: Record<string, MailRule> = {
  async EmailConfirmationRequested(e, { tx, appUrl, issuedAt }) {
    const d = e.data as { userId: string; email: string; name: string };
    const token = await issueToken(tx, d.userId, 'confirm', new Date(issuedAt.getTime() + CONFIRM_TOKEN_TTL_MS));
    return [{ kind: 'confirmation', recipient: d.email, data: { name: d.name, link: `${appUrl}/confirm?token=${token}` } }];
  },
  async PasswordResetRequested(e, { tx, appUrl, issuedAt }) {
    const d = e.data as { userId: string; email: string; name: string };
    const token = await issueToken(tx, d.userId, 'reset', new Date(issuedAt.getTime() + RESET_TOKEN_TTL_MS));
    return [{ kind: 'password-reset', recipient: d.email, data: { name: d.name, link: `${appUrl}/reset-password?access_token=${token}&type=recovery` } }];
  },
  // eslint-disable-next-line @typescript-eslint/require-await -- MailRule returns a promise; async keeps a throw on a malformed event a rejection
  async EmailConfirmed(e, { appUrl }) {
    const d = e.data as { email: string; name: string };
    return [{ kind: 'welcome', recipient: d.email, data: { name: d.name, link: `${appUrl}/signin` } }];
  },
};

export function registerMailRule(eventType: string, rule: MailRule): void {
  rules[eventType] = rule;
}

export function mailReactor(appUrl: string, onQueued: () => void = () => {}): Projection {
  return {
    name: 'mail_reactor',
    version: 1,
    reactor: true,
    tables: {},
    get handles() {
      return Object.keys(rules);
    },
    async apply(events, { tx }) {
      let queued = 0;
      for (const e of events) {
        const rule = rules[e.type];
        // Seeded data (`spotter seed`) uses made-up addresses: nobody to write to.
        if (!rule || e.metadata.source === 'seed') continue;
        const issuedAt = e.metadata.at ? new Date(e.metadata.at) : e.time;
        const mails = await rule(e, { tx, appUrl, issuedAt });
        queued += await enqueueMail(
          tx,
          mails.map((m) => ({ key: e.id, kind: m.kind, recipient: m.recipient, data: m.data })),
        );
      }
      // The sender is told after this transaction commits (next tick is enough: the
      // sender claims rows in its own transaction and simply finds none if too early).
      if (queued) setTimeout(onQueued, 0);
      return [];
    },
  };
}

/**
 * Standard Webhooks signatures (the `standardwebhooks` package): `whsec_` secrets,
 * `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">`. During a
 * rotation's overlap the message is signed with both secrets, space-separated, so a
 * receiver still holding the old one keeps verifying.
 */
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

export function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

export function webhookHeaders(secrets: readonly string[], msgId: string, at: Date, body: string): Record<string, string> {
  return {
    'webhook-id': msgId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': secrets.map((s) => new Webhook(s).sign(msgId, at, body)).join(' '),
  };
}

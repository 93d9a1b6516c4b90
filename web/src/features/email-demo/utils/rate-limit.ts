import { EMAIL_RATE_LIMIT, EMAIL_RATE_WINDOW_MS } from '../../../config/constants';

export const RATE_LIMIT_MESSAGE = 'Rate limit exceeded. Maximum 30 emails per hour per recipient.';

/**
 * Counts sends per recipient in memory, so the page refuses the 31st mail of the
 * hour without asking the server (which enforces the same limit for real).
 */
export function createRateLimiter(limit = EMAIL_RATE_LIMIT, windowMs = EMAIL_RATE_WINDOW_MS) {
  const sent = new Map<string, number[]>();

  const recent = (recipient: string, now: number) => (sent.get(recipient.toLowerCase()) ?? []).filter((time) => now - time < windowMs);

  return {
    /** How many more mails this recipient may get now. */
    remaining(recipient: string, now = Date.now()): number {
      return Math.max(0, limit - recent(recipient, now).length);
    },
    record(recipient: string, now = Date.now()): void {
      sent.set(recipient.toLowerCase(), [...recent(recipient, now), now]);
    },
  };
}

/**
 * A browser's push subscription as PushSubscription.toJSON() gives it: the keys are
 * base64url, `p256dh` an uncompressed P-256 point (65 bytes, first 0x04) and `auth`
 * 16 random bytes (RFC 8291). Anything else could never be encrypted to, so it is
 * refused when subscribing rather than failing at every push.
 */

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

export const P256DH_BYTES = 65;
export const AUTH_BYTES = 16;

function decoded(value: string): Uint8Array | null {
  if (!BASE64URL.test(value)) return null;
  return Uint8Array.from(Buffer.from(value.replace(/=+$/, ''), 'base64url'));
}

/** Why the keys cannot be used, or null when they can. */
export function subscriptionKeysProblem(keys: { p256dh: string; auth: string }): string | null {
  const point = decoded(keys.p256dh);
  if (!point || point.length !== P256DH_BYTES || point[0] !== 0x04) return 'keys.p256dh must be an uncompressed P-256 public key in base64url (65 bytes).';
  const auth = decoded(keys.auth);
  if (!auth || auth.length !== AUTH_BYTES) return 'keys.auth must be 16 bytes in base64url.';
  return null;
}

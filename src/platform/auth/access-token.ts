/**
 * Short-lived access tokens: compact JWS with HS256 pinned (the header's `alg` is
 * checked, never trusted), expiry and audience checked on every use.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const ACCESS_TOKEN_TTL_S = 15 * 60;
const AUDIENCE = 'spotter-api';
const ISSUER = 'spotter';

export interface AccessClaims {
  sub: string;
  /** Session (refresh-token family) id, so a revoked session's tokens stop working. */
  sid: string;
  email: string;
  iat: number;
  exp: number;
  aud: string;
  iss: string;
  /** Set when a personal access token (not a session) signed the request in: what it may do. */
  scope?: 'read' | 'write';
}

const HEADER = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

function b64url(s: string | Buffer): string {
  return Buffer.from(s).toString('base64url');
}

export function signAccessToken(secret: string, claims: { sub: string; sid: string; email: string }, nowMs: number): { token: string; expiresAt: number } {
  const iat = Math.floor(nowMs / 1000);
  const exp = iat + ACCESS_TOKEN_TTL_S;
  const body = b64url(JSON.stringify({ ...claims, iat, exp, aud: AUDIENCE, iss: ISSUER }));
  const sig = createHmac('sha256', secret).update(`${HEADER}.${body}`).digest('base64url');
  return { token: `${HEADER}.${body}.${sig}`, expiresAt: exp * 1000 };
}

export function verifyAccessToken(secret: string, token: string, nowMs: number): AccessClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, body, sig] = parts as [string, string, string];
  if (header !== HEADER) return null; // pins alg=HS256: "none" and RS/HS confusion are refused
  const expected = createHmac('sha256', secret).update(`${header}.${body}`).digest();
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let claims: AccessClaims;
  try {
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as AccessClaims;
  } catch {
    return null;
  }
  if (claims.aud !== AUDIENCE || claims.iss !== ISSUER) return null;
  if (typeof claims.exp !== 'number' || nowMs >= claims.exp * 1000) return null;
  if (typeof claims.sub !== 'string' || typeof claims.sid !== 'string') return null;
  return claims;
}

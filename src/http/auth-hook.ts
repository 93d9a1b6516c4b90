/**
 * Bearer authentication. Routes opt in with `preHandler: app.requireUser`; the
 * spec's text for a missing token is kept.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccessClaims } from '../auth/access-token.ts';
import type { AuthService } from '../auth/auth-service.ts';
import { DomainError } from '../domain/decider.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: AccessClaims | null;
  }
  interface FastifyInstance {
    requireUser: (req: FastifyRequest) => Promise<void>;
  }
}

export function bearerToken(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h?.startsWith('Bearer ')) return null;
  return h.slice(7).trim() || null;
}

export function installAuth(app: FastifyInstance, auth: AuthService): void {
  app.decorateRequest('user', null);
  app.decorate('requireUser', async (req: FastifyRequest) => {
    const token = bearerToken(req);
    if (!token) throw new DomainError(401, 'No authentication token available');
    const claims = await auth.authenticate(token);
    if (!claims) throw new DomainError(401, 'Your session has expired. Please sign in again.', 'invalid_token');
    req.user = claims;
  });
}

/** The signed-in user's id; only call in routes guarded by requireUser. */
export function userIdOf(req: FastifyRequest): string {
  if (!req.user) throw new DomainError(401, 'No authentication token available');
  return req.user.sub;
}

declare module 'fastify' {
  interface FastifySchema {
    /** OpenAPI grouping; see routes/platform.ts. */
    tags?: string[];
    hide?: boolean;
  }
}

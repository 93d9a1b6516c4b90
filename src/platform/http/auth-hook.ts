/**
 * Bearer authentication. Routes opt in with `preHandler: app.requireUser`; the
 * spec's text for a missing token is kept.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccessClaims } from '../auth/access-token.ts';

/** What the hooks need of the accounts context's AuthService (the platform imports no context). */
export interface Authenticator {
  authenticate(accessToken: string): Promise<AccessClaims | null>;
  isCoach(userId: string): Promise<boolean>;
  /** What to say when a token is refused; by default, that the session has expired. */
  refusalOf?(accessToken: string): string | null;
}
import { DomainError } from '../../kernel/decider.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: AccessClaims | null;
  }
  interface FastifyInstance {
    requireUser: (req: FastifyRequest) => Promise<void>;
    /** requireUser, and the account must be a coach (403 for athlete-only accounts). */
    requireCoach: (req: FastifyRequest) => Promise<void>;
    /** requireUser, through a signed-in session: a personal access token is refused (403). */
    requireSession: (req: FastifyRequest) => Promise<void>;
  }
}

export function bearerToken(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h?.startsWith('Bearer ')) return null;
  return h.slice(7).trim() || null;
}

/**
 * Every request with a bearer token is authenticated once, up front, so later hooks
 * (idempotency keys are scoped per user) see the user; routes that need one say so
 * with `preHandler: app.requireUser`.
 */
export function installAuth(app: FastifyInstance, auth: Authenticator): void {
  app.decorateRequest('user', null);
  app.addHook('preValidation', async (req) => {
    const token = bearerToken(req);
    if (token) req.user = await auth.authenticate(token);
    // A read-scope personal access token reads and nothing else, whatever the route.
    if (req.user?.scope === 'read' && !READ_METHODS.has(req.method)) throw new DomainError(403, READ_ONLY_TOKEN);
  });
  // eslint-disable-next-line @typescript-eslint/require-await -- Fastify waits for done() on a hook that returns no promise
  const requireUser = async (req: FastifyRequest) => {
    if (req.user) return;
    const token = bearerToken(req);
    if (!token) throw new DomainError(401, 'No authentication token available');
    throw new DomainError(401, auth.refusalOf?.(token) ?? 'Your session has expired. Please sign in again.', 'invalid_token');
  };
  app.decorate('requireUser', requireUser);
  const requireCoach = async (req: FastifyRequest) => {
    await requireUser(req);
    if (!(await auth.isCoach(req.user!.sub))) throw new DomainError(403, COACHES_ONLY);
  };
  app.decorate('requireCoach', requireCoach);
  const requireSession = async (req: FastifyRequest) => {
    await requireUser(req);
    if (req.user!.scope) throw new DomainError(403, SESSION_ONLY);
  };
  app.decorate('requireSession', requireSession);
  // Routes name requireUser as a preHandler; run it before body validation instead,
  // so a signed-out caller hears 401 rather than a complaint about the body.
  app.addHook('onRoute', (route) => {
    const handlers = [route.preHandler ?? []].flat();
    const guard = handlers.find((h) => h === requireUser || h === requireCoach || h === requireSession);
    if (!guard) return;
    route.preHandler = handlers.filter((h) => h !== guard);
    route.preValidation = [guard, ...[route.preValidation ?? []].flat()];
  });
}

const READ_METHODS = new Set(['GET', 'HEAD']);
export const READ_ONLY_TOKEN = 'This token can only read.';
export const SESSION_ONLY = 'Sign in to do this: an access token cannot manage access tokens.';

export const COACHES_ONLY = 'Only coaches can do this. Enter the access code under "Become a coach" to coach athletes.';

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

/**
 * `POST /api/account/erase`: a signed-in person erases their own account (Settings,
 * "Delete account"). Needs their password and the word DELETE typed out; from a
 * session only (a personal access token must not be able to erase its owner).
 */
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { DomainError } from '../kernel/decider.ts';
import { userIdOf } from '../platform/http/auth-hook.ts';
import { ErrorOut } from '../platform/http/response-schemas.ts';
import { verifyPassword } from '../platform/auth/passwords.ts';
import type { FeatureDeps } from '../feature.ts';
import { RateLimiter, type Limit } from '../platform/http/rate-limit.ts';
import { eraseAccount } from './erase.ts';

export const ERASE_CONFIRMATION = 'DELETE';

/**
 * Wrong passwords only, as sign-in counts them: per account (someone at an unlocked
 * screen cannot try passwords until one erases the owner) and per IP. Unscaled by the
 * tests' rate-limit scale: nobody erases an account hundreds of times.
 */
export const ERASE_LIMITS = {
  failuresPerUser: { max: 5, windowMs: 15 * 60_000 },
  failuresPerIp: { max: 50, windowMs: 15 * 60_000 },
} satisfies Record<string, Limit>;

const EraseBody = Type.Object(
  {
    password: Type.String({ minLength: 1, maxLength: 1000 }),
    confirmation: Type.String({ maxLength: 100 }),
  },
  { additionalProperties: false },
);
const Erased = Type.Object({ erased: Type.Boolean() });

export function privacyRoutes(app: FastifyInstance, deps: FeatureDeps) {
  const limiter = new RateLimiter(deps.pool, deps.now);
  app.post<{ Body: Static<typeof EraseBody> }>(
    '/api/account/erase',
    { preHandler: app.requireSession, schema: { tags: ['account'], body: EraseBody, response: { 200: Erased, '4xx': ErrorOut } } },
    async (req) => {
      const userId = userIdOf(req);
      if (req.body.confirmation.trim() !== ERASE_CONFIRMATION) throw new DomainError(400, `Type ${ERASE_CONFIRMATION} to confirm.`);
      await limiter.failures(
        [
          [`erase-failed:user:${userId}`, ERASE_LIMITS.failuresPerUser],
          [`erase-failed:ip:${req.ip}`, ERASE_LIMITS.failuresPerIp],
        ],
        async () => {
          const { rows } = await deps.pool.query<{ password_hash: string }>('SELECT password_hash FROM user_credentials WHERE user_id = $1', [userId]);
          if (!rows[0] || !(await verifyPassword(rows[0].password_hash, req.body.password))) throw new DomainError(403, 'Incorrect password.');
        },
        (e) => e instanceof DomainError && e.status === 403,
      );
      await eraseAccount(
        {
          pool: deps.pool,
          store: deps.store,
          projections: deps.runner.projections(),
          now: deps.now,
          log: (m) => req.log.info(m),
          eraseLog: process.env.SPOTTER_ERASE_LOG || undefined,
        },
        userId,
        'self',
      );
      return { erased: true };
    },
  );
}

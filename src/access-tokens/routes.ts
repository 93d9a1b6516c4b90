/**
 * Personal access tokens: made, listed and revoked by their owner, from a signed-in
 * session only (a token cannot make or revoke tokens: a leaked one must not be able
 * to renew itself or lock its owner out).
 */
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import type pg from 'pg';
import { userIdOf } from '../platform/http/auth-hook.ts';
import { ErrorOut, StringEnum } from '../platform/http/response-schemas.ts';
import { createToken, listTokens, revokeToken, TOKEN_SCOPES } from './tokens.ts';
import { CreatedOut, ListOut, RevokedOut } from './schemas.ts';
import { TEXT_LIMITS } from '../kernel/limits.ts';

const CreateBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: TEXT_LIMITS.accessTokenName }),
    scope: StringEnum(TOKEN_SCOPES),
    expires_in_days: Type.Integer({ minimum: 1, maximum: 365 }),
  },
  { additionalProperties: false },
);
const IdParams = Type.Object({ id: Type.String({ maxLength: 64, pattern: '^[0-9a-fA-F-]{36}$' }) }, { additionalProperties: false });

export function accessTokenRoutes(app: FastifyInstance, deps: { pool: pg.Pool; now: () => Date }) {
  const guard = { preHandler: app.requireSession };
  const tags = ['access-tokens'];

  app.post<{ Body: Static<typeof CreateBody> }>(
    '/api/access-tokens',
    { ...guard, schema: { tags, body: CreateBody, response: { 201: CreatedOut, '4xx': ErrorOut } } },
    async (req, reply) => {
      const { token, view } = await createToken(deps.pool, userIdOf(req), { name: req.body.name, scope: req.body.scope, expiresInDays: req.body.expires_in_days }, deps.now());
      return reply.code(201).header('cache-control', 'no-store').send({ token, access_token: view });
    },
  );

  app.get('/api/access-tokens', { ...guard, schema: { tags, response: { 200: ListOut } } }, async (req) => ({ access_tokens: await listTokens(deps.pool, userIdOf(req)) }));

  app.delete<{ Params: Static<typeof IdParams> }>(
    '/api/access-tokens/:id',
    { ...guard, schema: { tags, params: IdParams, response: { 200: RevokedOut, '4xx': ErrorOut } } },
    async (req) => ({ access_token: await revokeToken(deps.pool, userIdOf(req), req.params.id.toLowerCase(), deps.now()) }),
  );
}

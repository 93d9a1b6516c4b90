/**
 * `Idempotency-Key` on a command: the first request runs and its response is kept;
 * a repeat (even concurrent) gets the kept response and appends nothing. A key is
 * scoped to the signed-in caller and bound to a hash of the request (method, path,
 * body): the same key with a different request is refused with 422, never answered
 * with someone else's or another request's response. Calls without a caller
 * (sign-in, sign-up, recover, reset) ignore the header: there is nobody to scope a
 * kept response to, and replaying one (a session!) to a stranger is the hole this
 * closes. Server errors are not kept, so a retry after one runs again.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { DomainError } from '../../shared/decider.ts';

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyKey: string | null;
  }
}

const WAIT_MS = 10_000;
export const KEY_REUSED = 'This Idempotency-Key was already used for a different request.';

function requestHash(req: FastifyRequest): string {
  return createHash('sha256')
    .update(JSON.stringify([req.method, req.url, req.body ?? null]))
    .digest('hex');
}

export function installIdempotency(app: FastifyInstance, pool: pg.Pool): void {
  app.decorateRequest('idempotencyKey', null);

  app.addHook('preHandler', async (req: FastifyRequest, reply: FastifyReply) => {
    const key = req.headers['idempotency-key'];
    if (req.method === 'GET' || typeof key !== 'string' || !req.user) return;
    if (key.length === 0 || key.length > 200) throw new DomainError(400, 'Idempotency-Key must be 1 to 200 characters.');
    const owner = req.user.sub;
    const scoped = `${req.method} ${req.routeOptions.url}:${key}`;
    const hash = requestHash(req);
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const claimed = await pool.query(`INSERT INTO command_results (user_id, idempotency_key, status, body, request_hash) VALUES ($1, $2, 0, 'null', $3) ON CONFLICT DO NOTHING`, [
        owner,
        scoped,
        hash,
      ]);
      if (claimed.rowCount === 1) {
        req.idempotencyKey = scoped;
        return;
      }
      // Status 0 means the first request is still running; a missing row (its server
      // error gave the key back) makes the next loop claim it.
      const { rows } = await pool.query<{ status: number; body: unknown; request_hash: string | null }>(
        'SELECT status, body, request_hash FROM command_results WHERE user_id = $1 AND idempotency_key = $2',
        [owner, scoped],
      );
      const row = rows[0];
      if (row && row.request_hash !== null && row.request_hash !== hash) throw new DomainError(422, KEY_REUSED);
      if (row && row.status !== 0) return reply.status(row.status).header('idempotent-replayed', 'true').send(row.body);
      if (Date.now() > deadline) return reply.status(409).send({ error: 'A request with this Idempotency-Key is still running.' });
      await new Promise((r) => setTimeout(r, 20));
    }
  });

  app.addHook('onSend', async (req, reply, payload) => {
    if (!req.idempotencyKey || !req.user) return payload;
    const owner = req.user.sub;
    if (reply.statusCode >= 500) {
      await pool.query('DELETE FROM command_results WHERE user_id = $1 AND idempotency_key = $2', [owner, req.idempotencyKey]);
    } else {
      await pool.query('UPDATE command_results SET status = $3, body = $4 WHERE user_id = $1 AND idempotency_key = $2', [
        owner,
        req.idempotencyKey,
        reply.statusCode,
        typeof payload === 'string' ? payload : JSON.stringify(payload ?? null),
      ]);
    }
    return payload;
  });
}

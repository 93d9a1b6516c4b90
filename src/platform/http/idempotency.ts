/**
 * `Idempotency-Key` on a command: the first request runs and its response is kept;
 * a repeat (even concurrent) gets the kept response and appends nothing. A key is
 * scoped to the signed-in caller and bound to a hash of the request (method, path,
 * body): the same key with a different request is refused with 422, never answered
 * with someone else's or another request's response. Calls without a caller
 * (sign-in, sign-up, recover, reset) ignore the header: there is nobody to scope a
 * kept response to, and replaying one (a session!) to a stranger is the hole this
 * closes. Server errors are not kept, so a retry after one runs again.
 *
 * Durable commands (routes with `config.answerFromEvents`, e.g. the athlete's logged
 * sets, sent again and again by a phone that was offline): the key is also the
 * command's id in the events it appends (`req.commandKey`, see handleCommand's
 * `command`), written in the same INSERT, so the key holds across crashes. The kept
 * answer is written after the append, so a process killed in between leaves it
 * "running" for ever; a repeat then looks the key up in the events and answers
 * success from them, or, when they hold nothing and the claim is older than
 * STALE_MS (its process died before appending), takes the claim over and runs the
 * command (should the first run still be alive after all, the store refuses the
 * second append and the repeat answers from the first's events).
 *
 * Every other command with a key is made crash-safe the same way, without a command
 * id of its own: its appends carry the claim (`claimScope`, metadata.claim) and mark
 * the claim applied in their own transaction (migration 016). The claim is a lease:
 * its process renews claimed_at every LEASE_RENEW_MS while the command runs, so a
 * claim older than STALE_MS belongs to a process that died (or lost the database
 * before it could answer). A repeat then answers success from the applied mark
 * (200 `{ success, checkpoint }`, or the route's answerFromEvents), or, when nothing
 * was applied, takes the claim over and runs the command: exactly once, since the
 * take-over and the applying append both write the claim's row (a take-over waits
 * for an append in flight, then sees it applied).
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { DomainError } from '../../kernel/decider.ts';
import type { EventStore, StoredEvent } from '../eventstore/port.ts';
import { claimScope } from '../command-claim.ts';

/** A command's success answer, built from the events an earlier run of it appended. */
export type AnswerFromEvents = (events: StoredEvent[]) => { status: number; body: unknown };

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyKey: string | null;
    /** Set on a durable route called with an Idempotency-Key: the command id and request hash to pass to handleCommand. */
    commandKey: { id: string; requestHash: string } | null;
  }
  interface FastifyContextConfig {
    /** Makes the route's Idempotency-Key durable (see above): the answer to give from an earlier run's events. */
    answerFromEvents?: AnswerFromEvents;
  }
}

const WAIT_MS = 10_000;
/** A claim still running after this long belongs to a process that died (no command takes it). */
const STALE_MS = 5_000;
/** How often a live process renews the leases of the claims it is running. */
const LEASE_RENEW_MS = 1_000;
export const KEY_REUSED = 'This Idempotency-Key was already used for a different request.';

/**
 * The answer to a durable command from the events an earlier run of it appended:
 * success as the route words it, or 422 when those events came from another request
 * under the same key.
 */
function answerOf(req: FastifyRequest, events: StoredEvent[], requestHash: string): { status: number; body: unknown; replayed: boolean } {
  const kept = events[0]?.metadata.requestHash;
  if (kept && kept !== requestHash) return { status: 422, body: { error: KEY_REUSED }, replayed: false };
  const answer = req.routeOptions.config.answerFromEvents;
  return { ...(answer ? answer(events) : { status: 200, body: { success: true, checkpoint: events.at(-1)?.checkpoint ?? null } }), replayed: true };
}

/**
 * The error handler's answer to CommandAlreadyApplied (a run met the effect of an
 * earlier one). On 422 this request's claim of the key is given back: the key
 * belongs to the request that was applied.
 */
export async function replyAlreadyApplied(pool: pg.Pool, req: FastifyRequest, reply: FastifyReply, events: StoredEvent[]): Promise<FastifyReply> {
  const a = answerOf(req, events, req.commandKey?.requestHash ?? '');
  if (!a.replayed && req.idempotencyKey && req.user) {
    await pool.query('DELETE FROM command_results WHERE user_id = $1 AND idempotency_key = $2', [req.user.sub, req.idempotencyKey]);
    req.idempotencyKey = null;
  }
  if (a.replayed) void reply.header('idempotent-replayed', 'true');
  return reply.status(a.status).send(a.body);
}

/** The hash a key is bound to: method, URL (with its query) and body. */
export function requestHashOf(method: string, url: string, body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify([method, url, body ?? null]))
    .digest('hex');
}

const requestHash = (req: FastifyRequest) => requestHashOf(req.method, req.url, req.body);

/**
 * A kept answer goes out as the JSON it is, not through the route's response schema:
 * it was serialized by that schema when it was first sent, and an answer rebuilt from
 * the applied mark ({ success, checkpoint }) does not carry the ids a route's own
 * answer has (the schema's serializer would refuse it with a 500).
 */
function sendKept(reply: FastifyReply, body: unknown): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(body));
}

/** The success answer to a command whose claim was marked applied but never answered. */
function appliedAnswer(checkpoint: string): { status: number; body: unknown } {
  return { status: 200, body: { success: true, checkpoint } };
}

export function installIdempotency(app: FastifyInstance, pool: pg.Pool, store: EventStore): void {
  app.decorateRequest('idempotencyKey', null);
  app.decorateRequest('commandKey', null);

  // Claims this process is running, by "user\nkey": their leases are renewed.
  const running = new Map<string, { user: string; key: string }>();
  const renew = setInterval(() => {
    if (running.size === 0) return;
    const claims = [...running.values()];
    pool
      .query(`UPDATE command_results r SET claimed_at = now() FROM unnest($1::text[], $2::text[]) AS c(u, k) WHERE r.user_id = c.u AND r.idempotency_key = c.k AND r.status = 0`, [
        claims.map((c) => c.user),
        claims.map((c) => c.key),
      ])
      // The database is away: the leases lapse, and whatever was not applied runs again on a retry.
      .catch(() => {});
  }, LEASE_RENEW_MS);
  renew.unref();
  app.addHook('onClose', (_app, done) => {
    clearInterval(renew);
    done();
  });

  // The route's handler runs inside its claim, so that its appends mark the claim applied.
  app.addHook('onRoute', (route) => {
    if (route.method === 'GET' || (Array.isArray(route.method) && route.method.includes('GET')) || (route as { websocket?: boolean }).websocket) return;
    const handler = route.handler;
    route.handler = function (this: FastifyInstance, req: FastifyRequest, reply: FastifyReply) {
      const key = req.idempotencyKey;
      if (!key || !req.user) return handler.call(this, req, reply);
      return claimScope.run({ user: req.user.sub, key }, () => handler.call(this, req, reply));
    };
  });

  app.addHook('preHandler', async (req: FastifyRequest, reply: FastifyReply) => {
    const key = req.headers['idempotency-key'];
    if (req.method === 'GET' || typeof key !== 'string' || !req.user) return;
    if (key.length === 0 || key.length > 200) throw new DomainError(400, 'Idempotency-Key must be 1 to 200 characters.');
    const owner = req.user.sub;
    const scoped = `${req.method} ${req.routeOptions.url}:${key}`;
    const hash = requestHash(req);
    const durable = !!req.routeOptions.config.answerFromEvents;
    const run = () => {
      req.idempotencyKey = scoped;
      running.set(`${owner}\n${scoped}`, { user: owner, key: scoped });
      if (durable) req.commandKey = { id: key, requestHash: hash };
    };
    const deadline = Date.now() + WAIT_MS;
    let looked = false;
    for (;;) {
      const claimed = await pool.query(`INSERT INTO command_results (user_id, idempotency_key, status, body, request_hash) VALUES ($1, $2, 0, 'null', $3) ON CONFLICT DO NOTHING`, [
        owner,
        scoped,
        hash,
      ]);
      if (claimed.rowCount === 1) return run();
      // Status 0 means the first request is still running; a missing row (its server
      // error gave the key back) makes the next loop claim it.
      const { rows } = await pool.query<{ status: number; body: unknown; request_hash: string | null; stale: boolean; applied_checkpoint: string | null }>(
        `SELECT status, body, request_hash, applied_checkpoint, claimed_at < now() - make_interval(secs => $3) AS stale FROM command_results WHERE user_id = $1 AND idempotency_key = $2`,
        [owner, scoped, STALE_MS / 1000],
      );
      const row = rows[0];
      if (row && row.request_hash !== null && row.request_hash !== hash) throw new DomainError(422, KEY_REUSED);
      if (row && row.status !== 0) return sendKept(reply.status(row.status).header('idempotent-replayed', 'true'), row.body);
      if (row && !durable && row.stale) {
        // Its process is gone. Applied: the events are there, answer success. Not
        // applied: run it here; the take-over waits for an append still in flight.
        if (row.applied_checkpoint === null) {
          const taken = await pool.query(
            `UPDATE command_results SET claimed_at = now() WHERE user_id = $1 AND idempotency_key = $2 AND status = 0 AND applied_checkpoint IS NULL AND claimed_at < now() - make_interval(secs => $3)`,
            [owner, scoped, STALE_MS / 1000],
          );
          if (taken.rowCount === 1) return run();
          continue;
        }
        const a = appliedAnswer(row.applied_checkpoint);
        await pool.query('UPDATE command_results SET status = $3, body = $4 WHERE user_id = $1 AND idempotency_key = $2 AND status = 0', [
          owner,
          scoped,
          a.status,
          JSON.stringify(a.body),
        ]);
        return sendKept(reply.status(a.status).header('idempotent-replayed', 'true'), a.body);
      }
      if (row && durable && store.readCommand) {
        // Still running, or left running by a process that died: the events say whether it was applied.
        if (!looked || row.stale) {
          looked = true;
          const events = await store.readCommand(owner, key);
          if (events.length > 0) {
            const a = answerOf(req, events, hash);
            if (!a.replayed) return reply.status(a.status).send(a.body);
            // Kept, so that later repeats are answered without looking again.
            await pool.query('UPDATE command_results SET status = $3, body = $4 WHERE user_id = $1 AND idempotency_key = $2 AND status = 0', [
              owner,
              scoped,
              a.status,
              JSON.stringify(a.body),
            ]);
            return reply.status(a.status).header('idempotent-replayed', 'true').send(a.body);
          }
        }
        if (row.stale) {
          // Nothing was appended and the claim's process is gone: this request runs the command.
          const taken = await pool.query(
            `UPDATE command_results SET claimed_at = now() WHERE user_id = $1 AND idempotency_key = $2 AND status = 0 AND claimed_at < now() - make_interval(secs => $3)`,
            [owner, scoped, STALE_MS / 1000],
          );
          if (taken.rowCount === 1) return run();
        }
      }
      if (Date.now() > deadline) return reply.status(409).send({ error: 'A request with this Idempotency-Key is still running.' });
      await new Promise((r) => setTimeout(r, 20));
    }
  });

  app.addHook('onSend', async (req, reply, payload) => {
    if (!req.idempotencyKey || !req.user) return payload;
    const owner = req.user.sub;
    const key = req.idempotencyKey;
    running.delete(`${owner}\n${key}`);
    try {
      if (reply.statusCode >= 500) {
        // Given back so that a retry runs it, unless it was applied before failing
        // (then its lease ends now and a retry answers success from the mark).
        const gone = await pool.query('DELETE FROM command_results WHERE user_id = $1 AND idempotency_key = $2 AND applied_checkpoint IS NULL', [owner, key]);
        if (gone.rowCount === 0) await pool.query(`UPDATE command_results SET claimed_at = '-infinity' WHERE user_id = $1 AND idempotency_key = $2 AND status = 0`, [owner, key]);
      } else {
        await pool.query('UPDATE command_results SET status = $3, body = $4 WHERE user_id = $1 AND idempotency_key = $2', [
          owner,
          key,
          reply.statusCode,
          typeof payload === 'string' ? payload : JSON.stringify(payload ?? null),
        ]);
      }
    } catch (e) {
      // The database went away after the command: its answer still goes out. The claim
      // stays running until its lease lapses; a retry then reads the applied mark.
      req.log.warn(`idempotency: the answer to ${key} was not kept: ${(e as Error).message}`);
    }
    return payload;
  });
}

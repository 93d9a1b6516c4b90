/**
 * The contact network over HTTP. The spec reached these through its data service as
 * procedures (search_users, send_connection_request, …); they keep their names and
 * parameters under /api/rpc/, and removing a connection is DELETE /api/connections/:id.
 * Every call acts as the signed-in user: nobody reads or answers someone else's connections.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import type { FeatureDeps } from '../feature.ts';
import { handleCommand } from '../platform/handle-command.ts';
import { DomainError } from '../kernel/decider.ts';
import { userIdOf } from '../platform/http/auth-hook.ts';
import { connectionDecider, connectionStream, type ConnectionCommand } from './domain/connection.ts';
import { NETWORK_MESSAGES as M } from './domain/messages.ts';
import * as q from './queries.ts';
import { userIdByEmail } from '../coaching/index.ts';
import { ErrorOut as ErrorBody, Nullable } from '../platform/http/response-schemas.ts';
import { RateLimiter } from '../platform/http/rate-limit.ts';

/** Spec §9: user search default limit 10; also the most a search returns, so nobody pages through everyone. */
export const USER_SEARCH_DEFAULT_LIMIT = 10;
const USER_SEARCH_MAX_LIMIT = 10;
/** A name search needs this many characters: "a" would list half the users. */
export const USER_SEARCH_MIN_NAME = 3;
/** Searches per account: enough for a person typing, too few to walk the user list. */
const SEARCHES_PER_ACCOUNT = { max: 30, windowMs: 60_000 };

const Uuid = Type.String({ format: 'uuid', maxLength: 36 });
/** A plain enum, so a wrong value reads "… must be equal to one of the allowed values." */
const OneOf = <T extends string>(values: readonly T[]) => Type.Unsafe<T>({ type: 'string', enum: values });
const Done = Type.Object({ success: Type.Boolean(), message: Type.String(), checkpoint: Nullable(Type.String()) });
const errors = { '4xx': ErrorBody };

const SearchBody = Type.Object(
  { search_term: Type.String({ maxLength: 254 }), limit_count: Type.Optional(Type.Integer({ minimum: 1, maximum: USER_SEARCH_MAX_LIMIT })) },
  { additionalProperties: false },
);
const RequestBody = Type.Object(
  {
    recipient_email: Type.Optional(Type.String({ maxLength: 254 })),
    recipient_id: Type.Optional(
      Type.String({ format: 'uuid', maxLength: 36, description: "A search result's user_id: names the person when the search did not show their e-mail." }),
    ),
    connection_type_param: Type.Optional(Nullable(Type.String({ maxLength: 50 }))),
    notes_param: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
  },
  { additionalProperties: false },
);
const RespondBody = Type.Object({ connection_id_param: Uuid, response: OneOf(['accept', 'reject'] as const) }, { additionalProperties: false });
const ConnectionsBody = Type.Object(
  {
    status_filter: Type.Optional(Nullable(OneOf(['pending', 'accepted', 'blocked', 'all'] as const))),
  },
  { additionalProperties: false },
);
const BlockBody = Type.Object({ target_user_id: Uuid, action: OneOf(['block', 'unblock'] as const) }, { additionalProperties: false });
const IdParams = Type.Object({ id: Uuid });

const SearchResult = Type.Object({
  user_id: Type.String(),
  email: Nullable(Type.String({ description: 'Only when the search term was this exact address.' })),
  display_name: Type.String(),
  profile_type: Type.String(),
  connection_status: Type.String(),
  connection_id: Nullable(Type.String()),
  is_requester: Nullable(Type.Boolean()),
});
const Connection = Type.Object({
  connection_id: Nullable(Type.String()),
  status: Type.String(),
  connection_type: Nullable(Type.String()),
  notes: Nullable(Type.String()),
  requester_id: Nullable(Type.String()),
  recipient_id: Nullable(Type.String()),
  is_requester: Type.Boolean(),
  user_id: Type.String(),
  email: Type.String(),
  display_name: Type.String(),
  profile_type: Type.String(),
  created_at: Type.String(),
  updated_at: Type.String(),
});

export function networkRoutes(app: FastifyInstance, deps: FeatureDeps) {
  const { pool, store, now, runner } = deps;
  const limiter = new RateLimiter(pool, now);
  // These reads are POSTs (they were procedures), which the app-wide read-your-writes
  // hook skips; honour `x-after-checkpoint` here the same way.
  const caughtUp = async (req: FastifyRequest) => {
    const after = req.headers['x-after-checkpoint'];
    if (typeof after === 'string' && /^\d{20}:\d{20}$/.test(after)) await runner.waitFor(after, undefined, 5000).catch(() => {});
  };
  const onPair = (a: string, b: string, command: ConnectionCommand) => handleCommand(store, connectionStream(a, b), connectionDecider, command, { userId: a, now });
  const auth = { preHandler: app.requireUser };
  const tags = ['network'];

  app.post<{ Body: Static<typeof SearchBody> }>(
    '/api/rpc/search_users',
    { ...auth, schema: { tags, body: SearchBody, response: { 200: Type.Object({ users: Type.Array(SearchResult) }), ...errors } } },
    async (req) => {
      const me = userIdOf(req);
      const term = req.body.search_term.trim();
      if (!term) throw new DomainError(400, M.searchEmpty);
      // An address is looked up exactly; anything else is a name, of a few characters at least.
      const byEmail = term.includes('@');
      if (!byEmail && [...term].length < USER_SEARCH_MIN_NAME) throw new DomainError(400, M.searchTooShort);
      await limiter.hit([[`search-users:${me}`, SEARCHES_PER_ACCOUNT]]);
      await caughtUp(req);
      const limit = req.body.limit_count ?? USER_SEARCH_DEFAULT_LIMIT;
      return { users: byEmail ? await q.userWithEmail(pool, me, term) : await q.searchUsersByName(pool, me, term, limit) };
    },
  );

  app.post<{ Body: Static<typeof RequestBody> }>(
    '/api/rpc/send_connection_request',
    {
      ...auth,
      schema: {
        tags,
        body: RequestBody,
        response: { 200: Type.Object({ success: Type.Boolean(), message: Type.String(), connection_id: Type.String(), checkpoint: Nullable(Type.String()) }), ...errors },
      },
    },
    async (req) => {
      const me = userIdOf(req);
      const email = req.body.recipient_email?.trim();
      const byId = req.body.recipient_id;
      if (!email && !byId) throw new DomainError(400, M.recipientRequired);
      // By id: a person found by name (whose e-mail the search does not show).
      const recipientId = email ? await userIdByEmail(pool, email) : await q.confirmedUserId(pool, byId!);
      if (!recipientId) throw new DomainError(404, M.userNotFound);
      const result = await onPair(me, recipientId, {
        type: 'RequestConnection',
        requesterId: me,
        recipientId,
        connectionType: req.body.connection_type_param ?? undefined,
        notes: req.body.notes_param ?? null,
      });
      const connectionId = (result.events[0].data as { connectionId: string }).connectionId;
      return { success: true, message: 'Connection request sent!', connection_id: connectionId, checkpoint: result.append?.checkpoint ?? null };
    },
  );

  app.post<{ Body: Static<typeof RespondBody> }>(
    '/api/rpc/respond_to_connection_request',
    { ...auth, schema: { tags, body: RespondBody, response: { 200: Done, ...errors } } },
    async (req) => {
      const me = userIdOf(req);
      const found = await q.connectionOf(pool, me, req.body.connection_id_param);
      if (!found) throw new DomainError(404, M.connectionNotFound);
      const result = await onPair(me, found.otherId, {
        type: 'RespondToConnection',
        connectionId: req.body.connection_id_param,
        responderId: me,
        response: req.body.response,
      });
      const message = req.body.response === 'accept' ? 'Connection request accepted.' : 'Connection request declined.';
      return { success: true, message, checkpoint: result.append?.checkpoint ?? null };
    },
  );

  app.post<{ Body: Static<typeof ConnectionsBody> }>(
    '/api/rpc/get_user_connections',
    {
      ...auth,
      schema: { tags, body: ConnectionsBody, response: { 200: Type.Object({ connections: Type.Array(Connection), totalPending: Type.Integer() }), ...errors } },
    },
    async (req) => {
      await caughtUp(req);
      const me = userIdOf(req);
      const filter = req.body?.status_filter ?? 'all';
      const connections = await q.connectionsOf(pool, me, filter);
      // Requests waiting for the caller's answer: the Requests badge (and the chat's Manage Contacts badge).
      const waiting = (list: typeof connections) => list.filter((c) => c.status === 'pending' && !c.is_requester).length;
      const pending = waiting(filter === 'all' || filter === 'pending' ? connections : await q.connectionsOf(pool, me, 'pending'));
      return { connections, totalPending: pending };
    },
  );

  app.post<{ Body: Static<typeof BlockBody> }>('/api/rpc/manage_user_block', { ...auth, schema: { tags, body: BlockBody, response: { 200: Done, ...errors } } }, async (req) => {
    const me = userIdOf(req);
    const target = req.body.target_user_id;
    // The pair's stream is named after both ids: refuse an id that is nobody before writing to it.
    if (target !== me && !(await q.userExists(pool, target))) throw new DomainError(404, 'User not found.');
    const block = req.body.action === 'block';
    const result = await onPair(me, target, block ? { type: 'BlockUser', blockerId: me, blockedId: target } : { type: 'UnblockUser', blockerId: me, blockedId: target });
    return { success: true, message: block ? 'User blocked.' : 'User unblocked.', checkpoint: result.append?.checkpoint ?? null };
  });

  app.delete<{ Params: Static<typeof IdParams> }>('/api/connections/:id', { ...auth, schema: { tags, params: IdParams, response: { 200: Done, ...errors } } }, async (req) => {
    const me = userIdOf(req);
    const found = await q.connectionOf(pool, me, req.params.id);
    if (!found) throw new DomainError(404, M.connectionNotFound);
    const result = await onPair(me, found.otherId, { type: 'RemoveConnection', connectionId: req.params.id, by: me });
    return { success: true, message: 'Contact removed.', checkpoint: result.append?.checkpoint ?? null };
  });
}

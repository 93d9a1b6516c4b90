/**
 * Messaging over HTTP (issue #10). Starting a chat is the spec's
 * create_conversation_with_connected_user; deleting one is delete_conversation_secure.
 * Every call acts as the signed-in user; whoever is not a participant of a
 * conversation gets 404 for everything of it. Whether the two are connected is the
 * network context's read model, looked up here and handed to the decider.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import type { FeatureDeps } from '../feature.ts';
import { handleCommand } from '../platform/handle-command.ts';
import { DomainError } from '../kernel/decider.ts';
import { userIdOf } from '../platform/http/auth-hook.ts';
import { coachingPartners, mayMessage } from './may-message.ts';
import { userExists } from '../network/index.ts';
import { conversationDecider, type ConversationCommand } from './domain/conversation.ts';
import { conversationStream, directConversationId } from './domain/conversation-id.ts';
import { MESSAGE_PAGE_SIZE, MESSAGING_MESSAGES as M } from './domain/messages.ts';
import * as q from './queries.ts';
import { ErrorOut as ErrorBody, Nullable, Checkpoint } from '../platform/http/response-schemas.ts';
import { TEXT_LIMITS } from '../kernel/limits.ts';

const errors = { '4xx': ErrorBody };
const Uuid = Type.String({ format: 'uuid', maxLength: 36 });
const OneOf = <T extends string>(values: readonly T[]) => Type.Unsafe<T>({ type: 'string', enum: values });
/**
 * Room for surrounding whitespace: the 4,000-character rule applies to the trimmed
 * text and is the decider's, with its own message.
 */
const CONTENT_MAX_RAW = 8000;

export const MESSAGE_TYPES = ['text', 'image', 'file', 'link', 'system'] as const;
const Metadata = Type.Record(
  Type.String({ maxLength: 50 }),
  Type.Union([Type.String({ maxLength: 1000 }), Type.Number({ minimum: -1e9, maximum: 1e9 }), Type.Boolean(), Type.Null()]),
  { maxProperties: 20 },
);

const StartBody = Type.Object({ other_user_id: Uuid, initial_message: Type.Optional(Nullable(Type.String({ maxLength: CONTENT_MAX_RAW }))) }, { additionalProperties: false });
const SendBody = Type.Object(
  {
    content: Type.String({ maxLength: CONTENT_MAX_RAW }),
    message_type: Type.Optional(OneOf(MESSAGE_TYPES)),
    metadata: Type.Optional(Metadata),
    reply_to_id: Type.Optional(Nullable(Uuid)),
  },
  { additionalProperties: false },
);
const IdParams = Type.Object({ id: Uuid });
const PageQuery = Type.Object(
  {
    // Query strings arrive as text (no type coercion in this app): digits only, bounded by the pattern.
    before: Type.Optional(Type.String({ pattern: '^[0-9]{1,9}$', maxLength: 9, description: 'cursor: a nextCursor from the previous page' })),
    limit: Type.Optional(Type.String({ pattern: '^([1-9][0-9]?|100)$', maxLength: 3, description: '1 to 100, default 50' })),
  },
  { additionalProperties: false },
);
const SearchQuery = Type.Object({ q: Type.String({ minLength: 1, maxLength: TEXT_LIMITS.messageSearch }), conversation_id: Type.Optional(Uuid) }, { additionalProperties: false });

const Participant = Type.Object({ user_id: Type.String(), role: Type.String(), last_read_at: Nullable(Type.String()), display_name: Type.String() });
const LastMessage = Type.Object({
  id: Type.String(),
  content: Type.String(),
  message_type: Type.String(),
  sender_id: Type.String(),
  created_at: Type.String(),
  deleted: Type.Boolean(),
});
const Conversation = Type.Object({
  id: Type.String(),
  type: Type.String(),
  title: Nullable(Type.String()),
  created_at: Type.String(),
  updated_at: Type.String(),
  participants: Type.Array(Participant),
  other_user: Nullable(Type.Object({ user_id: Type.String(), display_name: Type.String(), profile_type: Type.String() })),
  lastMessage: Nullable(LastMessage),
  unreadCount: Type.Integer(),
  can_send: Type.Boolean(),
  closed_reason: Nullable(Type.String()),
});
const Message = Type.Object({
  id: Type.String(),
  seq: Type.Integer(),
  content: Type.String(),
  message_type: Type.String(),
  metadata: Type.Record(Type.String(), Type.Unknown()),
  created_at: Type.String(),
  sender_id: Type.String(),
  reply_to_id: Nullable(Type.String()),
  reply_to: Nullable(Type.Object({ id: Type.String(), sender_id: Type.String(), content: Type.String(), deleted: Type.Boolean() })),
  deleted_at: Nullable(Type.String()),
  read_by: Type.Array(Type.String()),
});
const Done = Type.Object({ success: Type.Boolean(), checkpoint: Checkpoint });

export function messagingRoutes(app: FastifyInstance, deps: FeatureDeps) {
  const { pool, store, now, runner } = deps;
  const auth = { preHandler: app.requireUser };
  const tags = ['messaging'];

  /**
   * Participants from the read model. A conversation started a moment ago may not be
   * projected yet: on a miss, wait (briefly) for the read model to reach the newest
   * event and look again, so its own participants are never turned away.
   */
  const participantsOf = async (conversationId: string) => {
    let ids = await q.participantsOf(pool, conversationId);
    if (ids.length === 0) {
      const head = await store.headCheckpoint();
      if (head) await runner.waitFor(head, ['messaging'], 2000).catch(() => {});
      ids = await q.participantsOf(pool, conversationId);
    }
    return ids;
  };
  const conversationFor = async (me: string, conversationId: string) => {
    const ids = await participantsOf(conversationId);
    if (!ids.includes(me)) throw new DomainError(404, M.conversationNotFound);
    return { others: ids.filter((id) => id !== me) };
  };
  const connectedWithAll = async (me: string, others: string[]) => (await Promise.all(others.map((o) => mayMessage(pool, me, o)))).every(Boolean) && others.length > 0;
  const run = (me: string, conversationId: string, command: ConversationCommand) =>
    handleCommand(store, conversationStream(conversationId), conversationDecider, command, { userId: me, now });

  app.get('/api/conversations', { ...auth, schema: { tags, response: { 200: Type.Object({ conversations: Type.Array(Conversation) }), ...errors } } }, async (req) => ({
    conversations: await q.conversationsOf(pool, userIdOf(req)),
  }));

  // The people a coaching link lets the caller message without a contact request.
  app.get(
    '/api/conversations/partners',
    {
      ...auth,
      schema: {
        tags,
        response: {
          200: Type.Object({
            partners: Type.Array(Type.Object({ user_id: Type.String(), name: Type.String(), relation: Type.Union([Type.Literal('coach'), Type.Literal('athlete')]) })),
          }),
          ...errors,
        },
      },
    },
    async (req) => ({ partners: await coachingPartners(pool, userIdOf(req)) }),
  );

  app.get('/api/conversations/unread-count', { ...auth, schema: { tags, response: { 200: Type.Object({ unreadCount: Type.Integer() }), ...errors } } }, async (req) => ({
    unreadCount: await q.unreadTotal(pool, userIdOf(req)),
  }));

  app.post<{ Body: Static<typeof StartBody> }>(
    '/api/conversations',
    { ...auth, schema: { tags, body: StartBody, response: { 200: Type.Object({ id: Type.String(), created: Type.Boolean(), checkpoint: Checkpoint }), ...errors } } },
    async (req) => {
      const me = userIdOf(req);
      const other = req.body.other_user_id;
      if (other === me) throw new DomainError(400, M.withYourself);
      if (!(await userExists(pool, other))) throw new DomainError(404, M.userNotFound);
      const id = directConversationId(me, other);
      const initial = req.body.initial_message;
      const result = await run(me, id, {
        type: 'StartConversation',
        conversationId: id,
        by: me,
        otherUserId: other,
        connected: await mayMessage(pool, me, other),
        ...(initial ? { initialMessage: { messageId: randomUUID(), content: initial } } : {}),
      });
      return { id, created: result.events.some((e) => e.type === 'ConversationStarted'), checkpoint: result.append?.checkpoint ?? null };
    },
  );

  app.get<{ Params: Static<typeof IdParams> }>(
    '/api/conversations/:id',
    { ...auth, schema: { tags, params: IdParams, response: { 200: Type.Object({ conversation: Conversation }), ...errors } } },
    async (req) => {
      const conversation = await q.conversationOf(pool, userIdOf(req), req.params.id);
      if (!conversation) throw new DomainError(404, M.conversationNotFound);
      return { conversation };
    },
  );

  app.get<{ Params: Static<typeof IdParams>; Querystring: Static<typeof PageQuery> }>(
    '/api/conversations/:id/messages',
    {
      ...auth,
      schema: { tags, params: IdParams, querystring: PageQuery, response: { 200: Type.Object({ messages: Type.Array(Message), nextCursor: Nullable(Type.String()) }), ...errors } },
    },
    async (req) => {
      const page = await q.messagesOf(
        pool,
        userIdOf(req),
        req.params.id,
        req.query.before !== undefined ? Number(req.query.before) : null,
        req.query.limit !== undefined ? Number(req.query.limit) : MESSAGE_PAGE_SIZE,
      );
      if (!page) throw new DomainError(404, M.conversationNotFound);
      return page;
    },
  );

  app.post<{ Params: Static<typeof IdParams>; Body: Static<typeof SendBody> }>(
    '/api/conversations/:id/messages',
    { ...auth, schema: { tags, params: IdParams, body: SendBody, response: { 200: Type.Object({ id: Type.String(), checkpoint: Checkpoint }), ...errors } } },
    async (req) => {
      const me = userIdOf(req);
      const conversationId = req.params.id;
      const { others } = await conversationFor(me, conversationId);
      const messageId = randomUUID();
      const result = await run(me, conversationId, {
        type: 'SendMessage',
        conversationId,
        senderId: me,
        connected: await connectedWithAll(me, others),
        messageId,
        content: req.body.content,
        messageType: req.body.message_type ?? 'text',
        metadata: req.body.metadata ?? {},
        replyToId: req.body.reply_to_id ?? null,
      });
      return { id: messageId, checkpoint: result.append?.checkpoint ?? null };
    },
  );

  app.post<{ Params: Static<typeof IdParams> }>('/api/conversations/:id/read', { ...auth, schema: { tags, params: IdParams, response: { 200: Done, ...errors } } }, async (req) => {
    const me = userIdOf(req);
    await conversationFor(me, req.params.id);
    const result = await run(me, req.params.id, { type: 'MarkConversationRead', conversationId: req.params.id, by: me });
    return { success: true, checkpoint: result.append?.checkpoint ?? null };
  });

  app.delete<{ Params: Static<typeof IdParams> }>('/api/conversations/:id', { ...auth, schema: { tags, params: IdParams, response: { 200: Done, ...errors } } }, async (req) => {
    const me = userIdOf(req);
    await conversationFor(me, req.params.id);
    const result = await run(me, req.params.id, { type: 'DeleteConversation', conversationId: req.params.id, by: me });
    return { success: true, checkpoint: result.append?.checkpoint ?? null };
  });

  app.delete<{ Params: Static<typeof IdParams> }>('/api/messages/:id', { ...auth, schema: { tags, params: IdParams, response: { 200: Done, ...errors } } }, async (req) => {
    const me = userIdOf(req);
    let conversationId = await q.conversationOfMessage(pool, req.params.id);
    if (!conversationId) {
      const head = await store.headCheckpoint();
      if (head) await runner.waitFor(head, ['messaging'], 2000).catch(() => {});
      conversationId = await q.conversationOfMessage(pool, req.params.id);
    }
    // Someone else's message is as missing as one that never existed.
    if (!conversationId || !(await q.participantsOf(pool, conversationId)).includes(me)) throw new DomainError(404, M.messageNotFound);
    const result = await run(me, conversationId, { type: 'DeleteMessage', conversationId, messageId: req.params.id, by: me });
    return { success: true, checkpoint: result.append?.checkpoint ?? null };
  });

  app.get<{ Querystring: Static<typeof SearchQuery> }>(
    '/api/messages/search',
    {
      ...auth,
      schema: {
        tags,
        querystring: SearchQuery,
        response: {
          200: Type.Object({
            messages: Type.Array(
              Type.Object({
                id: Type.String(),
                conversation_id: Type.String(),
                content: Type.String(),
                sender_id: Type.String(),
                created_at: Type.String(),
                message_type: Type.String(),
              }),
            ),
          }),
          ...errors,
        },
      },
    },
    async (req) => {
      const me = userIdOf(req);
      const term = req.query.q.trim();
      const conversationId = req.query.conversation_id ?? null;
      if (conversationId && !(await q.participantsOf(pool, conversationId)).includes(me)) throw new DomainError(404, M.conversationNotFound);
      if (!term) return { messages: [] };
      return { messages: await q.searchMessages(pool, me, term, conversationId) };
    },
  );
}

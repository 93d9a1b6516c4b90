import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, startTestServer, type TestServer } from './support/server.ts';
import { linkAthlete, settled } from './support/coaching.ts';
import { connectUsers } from './support/messaging.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => t.close());

type User = Awaited<ReturnType<typeof signedInUser>>;
const NOBODY = '44444444-4444-4444-8444-444444444444';

const eventCount = async () => (await t.db.pool.query('SELECT count(*)::int AS n FROM es_events')).rows[0].n as number;

async function start(a: User, b: User, initial_message?: string) {
  const res = await t.api('POST', '/api/conversations', { other_user_id: b.user.id, ...(initial_message ? { initial_message } : {}) }, a.accessToken);
  expect(res.status).toBe(200);
  await settled(t, res.body.checkpoint);
  return res.body as { id: string; created: boolean; checkpoint: string | null };
}
async function send(u: User, conversationId: string, body: object) {
  const res = await t.api('POST', `/api/conversations/${conversationId}/messages`, body, u.accessToken);
  if (res.status === 200) await settled(t, res.body.checkpoint);
  return res;
}
const list = async (u: User) => (await t.api('GET', '/api/conversations', undefined, u.accessToken)).body.conversations as any[];
const history = async (u: User, id: string, query = '') => t.api('GET', `/api/conversations/${id}/messages${query}`, undefined, u.accessToken);

async function pair(nameA = 'Coach Carla', nameB = 'Athlete Abe') {
  const a = await signedInUser(t, nameA);
  const b = await signedInUser(t, nameB);
  await connectUsers(t, a, b);
  return { a, b };
}

describe('every messaging call needs a session', () => {
  it.each([
    ['GET', '/api/conversations'],
    ['POST', '/api/conversations'],
    ['GET', `/api/conversations/${NOBODY}/messages`],
    ['POST', `/api/conversations/${NOBODY}/messages`],
    ['POST', `/api/conversations/${NOBODY}/read`],
    ['DELETE', `/api/conversations/${NOBODY}`],
    ['DELETE', `/api/messages/${NOBODY}`],
    ['GET', '/api/messages/search?q=x'],
  ])('%s %s answers 401', async (method, path) => {
    expect((await t.api(method, path, method === 'POST' ? {} : undefined)).status).toBe(401);
  });
});

describe('POST /api/conversations', () => {
  it('starts a conversation with an initial message, and the other side sees it in the list with an unread count', async () => {
    const { a, b } = await pair('Coach Carla', 'Athlete Abe');
    const started = await start(a, b, '  Welcome aboard  ');
    expect(started.created).toBe(true);
    const [conv] = await list(b);
    expect(conv).toMatchObject({
      id: started.id,
      type: 'direct',
      title: 'Coach Carla',
      unreadCount: 1,
      can_send: true,
      closed_reason: null,
      other_user: { user_id: a.user.id, display_name: 'Coach Carla' },
      lastMessage: { content: 'Welcome aboard', sender_id: a.user.id, deleted: false },
    });
    expect(conv.participants.map((p: any) => p.display_name).sort()).toEqual(['Athlete Abe', 'Coach Carla']);
    expect((await list(a))[0]).toMatchObject({ id: started.id, unreadCount: 0, title: 'Athlete Abe' });
    expect((await t.api('GET', '/api/conversations/unread-count', undefined, b.accessToken)).body).toEqual({ unreadCount: 1 });
  });

  it('reuses the existing conversation whoever starts it', async () => {
    const { a, b } = await pair();
    const first = await start(a, b);
    const second = await start(b, a);
    expect(second).toMatchObject({ id: first.id, created: false });
    expect(await list(a)).toHaveLength(1);
  });

  it('ends in one conversation when both start a chat with each other at the same moment', async () => {
    const { a, b } = await pair();
    const [x, y] = await Promise.all([
      t.api('POST', '/api/conversations', { other_user_id: b.user.id, initial_message: 'hi from a' }, a.accessToken),
      t.api('POST', '/api/conversations', { other_user_id: a.user.id, initial_message: 'hi from b' }, b.accessToken),
    ]);
    expect([x.status, y.status]).toEqual([200, 200]);
    expect(x.body.id).toBe(y.body.id);
    expect([x.body.created, y.body.created].sort()).toEqual([false, true]);
    await settled(t, x.body.checkpoint > y.body.checkpoint ? x.body.checkpoint : y.body.checkpoint);
    expect(await list(a)).toHaveLength(1);
    const msgs = (await history(a, x.body.id)).body.messages.map((m: any) => m.content).sort();
    expect(msgs).toEqual(['hi from a', 'hi from b']);
  });

  it('refuses users who are not connected, only pending, or yourself, and writes nothing', async () => {
    const a = await signedInUser(t);
    const stranger = await signedInUser(t);
    const pending = await signedInUser(t);
    await t.api('POST', '/api/rpc/send_connection_request', { recipient_email: pending.email }, a.accessToken);
    const before = await eventCount();
    expect(await t.api('POST', '/api/conversations', { other_user_id: stranger.user.id }, a.accessToken)).toEqual({
      status: 403,
      body: { error: 'Messaging is limited to accepted connections.' },
    });
    expect((await t.api('POST', '/api/conversations', { other_user_id: pending.user.id }, a.accessToken)).status).toBe(403);
    expect(await t.api('POST', '/api/conversations', { other_user_id: a.user.id }, a.accessToken)).toEqual({
      status: 400,
      body: { error: 'You cannot start a conversation with yourself.' },
    });
    expect(await t.api('POST', '/api/conversations', { other_user_id: NOBODY }, a.accessToken)).toEqual({ status: 404, body: { error: 'User not found.' } });
    expect((await t.api('POST', '/api/conversations', { other_user_id: 'nope' }, a.accessToken)).status).toBe(400);
    expect((await t.api('POST', '/api/conversations', { other_user_id: stranger.user.id, extra: 1 }, a.accessToken)).status).toBe(400);
    expect(await eventCount()).toBe(before);
  });
});

describe('POST /api/conversations/:id/messages', () => {
  it('sends, pages the history newest first with a cursor, and shows replies', async () => {
    const { a, b } = await pair();
    const { id } = await start(a, b);
    for (let i = 0; i < 55; i++) expect((await send(i % 2 ? b : a, id, { content: `m${i}` })).status).toBe(200);
    const first = await history(a, id);
    expect(first.body.messages).toHaveLength(50);
    expect(first.body.messages[0].content).toBe('m54');
    expect(first.body.nextCursor).not.toBeNull();
    const second = await history(a, id, `?before=${first.body.nextCursor}`);
    expect(second.body.messages.map((m: any) => m.content)).toEqual(['m4', 'm3', 'm2', 'm1', 'm0']);
    expect(second.body.nextCursor).toBeNull();
    expect((await history(a, id, '?limit=0')).status).toBe(400);
    expect((await history(a, id, '?limit=101')).status).toBe(400);
    expect((await history(a, id, '?before=-1')).status).toBe(400);
    const target = second.body.messages[0];
    const reply = await send(b, id, { content: 'replying', reply_to_id: target.id });
    expect(reply.status).toBe(200);
    const [latest] = (await history(a, id, '?limit=1')).body.messages;
    expect(latest).toMatchObject({ id: reply.body.id, content: 'replying', reply_to_id: target.id, reply_to: { id: target.id, content: 'm4' }, message_type: 'text' });
  });

  it.each([
    [{ content: '' }, 400, 'Message cannot be empty.'],
    [{ content: '   \n ' }, 400, 'Message cannot be empty.'],
    [{ content: 'x'.repeat(4001) }, 400, 'Message is too long (at most 4000 characters).'],
    [{ content: 42 }, 400, 'content must be a string.'],
    [{}, 400, 'content is required.'],
    [{ content: 'ok', message_type: 'video' }, 400, undefined],
    [{ content: 'ok', reply_to_id: 'not-a-uuid' }, 400, undefined],
    [{ content: 'ok', metadata: 'nope' }, 400, undefined],
    [{ content: 'ok', sender_id: NOBODY }, 400, 'Unknown field: sender_id.'],
  ])('refuses %j and writes nothing', async (body, status, error) => {
    const { a, b } = await pair();
    const { id } = await start(a, b);
    const before = await eventCount();
    const res = await t.api('POST', `/api/conversations/${id}/messages`, body, a.accessToken);
    expect(res.status).toBe(status);
    if (error) expect(res.body).toEqual({ error });
    else expect(typeof res.body.error).toBe('string');
    expect(await eventCount()).toBe(before);
  });

  it('refuses a reply to a message of another conversation and writes nothing', async () => {
    const { a, b } = await pair();
    const c = await signedInUser(t);
    await connectUsers(t, a, c);
    const ab = await start(a, b);
    const ac = await start(a, c);
    const elsewhere = await send(a, ac.id, { content: 'in the other one' });
    const before = await eventCount();
    expect(await t.api('POST', `/api/conversations/${ab.id}/messages`, { content: 'reply', reply_to_id: elsewhere.body.id }, a.accessToken)).toEqual({
      status: 400,
      body: { error: 'The message you reply to is not in this conversation.' },
    });
    expect(await eventCount()).toBe(before);
  });

  it('stops new messages both ways after a block or a removed connection; the history stays readable', async () => {
    const a = await signedInUser(t, 'Blocker Bea');
    const b = await signedInUser(t, 'Blocked Bo');
    const connectionId = await connectUsers(t, a, b);
    const { id } = await start(a, b, 'before the block');
    const block = await t.api('POST', '/api/rpc/manage_user_block', { target_user_id: b.user.id, action: 'block' }, a.accessToken);
    await settled(t, block.body.checkpoint);
    const refused = { status: 403, body: { error: 'Messaging is limited to accepted connections.' } };
    expect(await t.api('POST', `/api/conversations/${id}/messages`, { content: 'hi' }, a.accessToken)).toEqual(refused);
    expect(await t.api('POST', `/api/conversations/${id}/messages`, { content: 'hi' }, b.accessToken)).toEqual(refused);
    expect((await history(b, id)).body.messages.map((m: any) => m.content)).toEqual(['before the block']);
    expect((await list(b))[0]).toMatchObject({ can_send: false, closed_reason: 'blocked' });

    const unblock = await t.api('POST', '/api/rpc/manage_user_block', { target_user_id: b.user.id, action: 'unblock' }, a.accessToken);
    await settled(t, unblock.body.checkpoint);
    expect((await send(b, id, { content: 'unblocked' })).status).toBe(200);
    const removed = await t.api('DELETE', `/api/connections/${connectionId}`, undefined, b.accessToken);
    await settled(t, removed.body.checkpoint);
    expect(await t.api('POST', `/api/conversations/${id}/messages`, { content: 'hi' }, a.accessToken)).toEqual(refused);
    expect((await list(a))[0]).toMatchObject({ can_send: false, closed_reason: 'not_connected' });
    expect((await history(a, id)).body.messages).toHaveLength(2);
  });
});

describe('read marks, deletion and search', () => {
  it('marks read: the unread count drops to 0 and the sender sees who read', async () => {
    const { a, b } = await pair();
    const { id } = await start(a, b, 'one');
    await send(a, id, { content: 'two' });
    expect((await list(b))[0].unreadCount).toBe(2);
    expect((await history(a, id)).body.messages[0].read_by).toEqual([]);
    const read = await t.api('POST', `/api/conversations/${id}/read`, undefined, b.accessToken);
    expect(read.status).toBe(200);
    await settled(t, read.body.checkpoint);
    expect((await list(b))[0].unreadCount).toBe(0);
    expect((await history(a, id)).body.messages.map((m: any) => m.read_by)).toEqual([[b.user.id], [b.user.id]]);
    expect((await list(a))[0].participants.find((p: any) => p.user_id === b.user.id).last_read_at).not.toBeNull();
  });

  it('lets a sender delete their own message: it shows as deleted for both; not someone else’s', async () => {
    const { a, b } = await pair();
    const { id } = await start(a, b);
    const mine = await send(a, id, { content: 'oops' });
    const theirs = await send(b, id, { content: 'keep' });
    expect(await t.api('DELETE', `/api/messages/${theirs.body.id}`, undefined, a.accessToken)).toEqual({ status: 403, body: { error: 'You can only delete your own messages.' } });
    const del = await t.api('DELETE', `/api/messages/${mine.body.id}`, undefined, a.accessToken);
    expect(del.status).toBe(200);
    await settled(t, del.body.checkpoint);
    for (const u of [a, b]) {
      const m = (await history(u, id)).body.messages.find((x: any) => x.id === mine.body.id);
      expect(m).toMatchObject({ content: '', deleted_at: expect.any(String) });
    }
    expect((await list(b))[0].unreadCount).toBe(0);
  });

  it('deletes a conversation for the user who deletes it; the other keeps their history', async () => {
    const { a, b } = await pair();
    const { id } = await start(a, b, 'history');
    const del = await t.api('DELETE', `/api/conversations/${id}`, undefined, b.accessToken);
    expect(del.status).toBe(200);
    await settled(t, del.body.checkpoint);
    expect(await list(b)).toEqual([]);
    expect((await history(b, id)).body.messages).toEqual([]);
    expect((await history(a, id)).body.messages.map((m: any) => m.content)).toEqual(['history']);
    // A new message brings it back for them, without the old history.
    await send(a, id, { content: 'are you there?' });
    expect((await list(b)).map((c) => [c.id, c.unreadCount, c.lastMessage.content])).toEqual([[id, 1, 'are you there?']]);
    expect((await history(b, id)).body.messages.map((m: any) => m.content)).toEqual(['are you there?']);
  });

  it('searches message text in the caller’s conversations only: at most 20, not deleted', async () => {
    const { a, b } = await pair();
    const outsider = await signedInUser(t);
    const { id } = await start(a, b);
    for (let i = 0; i < 22; i++) await send(a, id, { content: `Squat Day ${i}` });
    const gone = await send(a, id, { content: 'secret squat plan' });
    await settled(t, (await t.api('DELETE', `/api/messages/${gone.body.id}`, undefined, a.accessToken)).body.checkpoint);
    const found = await t.api('GET', '/api/messages/search?q=SQUAT', undefined, b.accessToken);
    expect(found.body.messages).toHaveLength(20);
    expect(found.body.messages.every((m: any) => m.conversation_id === id && /squat day/i.test(m.content))).toBe(true);
    expect((await t.api('GET', '/api/messages/search?q=squat', undefined, outsider.accessToken)).body).toEqual({ messages: [] });
    expect((await t.api('GET', '/api/messages/search?q=', undefined, b.accessToken)).status).toBe(400);
  });
});

describe('a third user', () => {
  it('gets 404 for the conversation, its messages, read, delete and search, and nothing is written', async () => {
    const { a, b } = await pair();
    const third = await signedInUser(t);
    await connectUsers(t, third, a);
    const { id } = await start(a, b, 'private');
    const msg = (await history(a, id)).body.messages[0];
    const before = await eventCount();
    const notFound = { status: 404, body: { error: 'Conversation not found.' } };
    const tok = third.accessToken;
    expect(await t.api('GET', `/api/conversations/${id}`, undefined, tok)).toEqual(notFound);
    expect(await t.api('GET', `/api/conversations/${id}/messages`, undefined, tok)).toEqual(notFound);
    expect(await t.api('POST', `/api/conversations/${id}/messages`, { content: 'let me in' }, tok)).toEqual(notFound);
    expect(await t.api('POST', `/api/conversations/${id}/read`, undefined, tok)).toEqual(notFound);
    expect(await t.api('DELETE', `/api/conversations/${id}`, undefined, tok)).toEqual(notFound);
    expect(await t.api('DELETE', `/api/messages/${msg.id}`, undefined, tok)).toEqual({ status: 404, body: { error: 'Message not found.' } });
    expect(await t.api('GET', `/api/messages/search?q=private&conversation_id=${id}`, undefined, tok)).toEqual(notFound);
    expect((await t.api('GET', '/api/messages/search?q=private', undefined, tok)).body).toEqual({ messages: [] });
    expect(await eventCount()).toBe(before);
    expect((await history(a, id)).body.messages[0]).toMatchObject({ content: 'private', deleted_at: null });
  });
});

describe('the messaging read models', () => {
  it('are rebuilt from the events to the same conversations, counts and history', async () => {
    const { a, b } = await pair();
    const { id } = await start(a, b, 'first');
    const second = await send(b, id, { content: 'second' });
    await send(a, id, { content: 'third', reply_to_id: second.body.id });
    const gone = await send(b, id, { content: 'gone' });
    await settled(t, (await t.api('DELETE', `/api/messages/${gone.body.id}`, undefined, b.accessToken)).body.checkpoint);
    await settled(t, (await t.api('POST', `/api/conversations/${id}/read`, undefined, a.accessToken)).body.checkpoint);
    await send(b, id, { content: 'unread one' });
    const before = { lists: [await list(a), await list(b)], history: (await history(a, id)).body };
    await t.server.platform.runner.rebuild('messaging');
    expect({ lists: [await list(a), await list(b)], history: (await history(a, id)).body }).toEqual(before);
    expect(before.lists[0][0].unreadCount).toBe(1);
  });
});

describe('a coach and the athletes they coach', () => {
  it('message each other without a contact request; the athlete finds the coach among their partners; a block still wins', async () => {
    const coach = await signedInUser(t, 'Coach Linked');
    const athlete = await signedInUser(t, 'Athlete Linked');
    const stranger = await signedInUser(t, 'Someone Else');
    await linkAthlete(t, coach, athlete);

    const partners = await t.api('GET', '/api/conversations/partners', undefined, athlete.accessToken);
    expect(partners.body.partners).toEqual([{ user_id: coach.user.id, name: 'Coach Linked', relation: 'coach' }]);
    expect((await t.api('GET', '/api/conversations/partners', undefined, coach.accessToken)).body.partners).toEqual([
      { user_id: athlete.user.id, name: 'Athlete Linked', relation: 'athlete' },
    ]);

    const { id } = await start(coach, athlete, 'How did the squats feel?');
    expect((await send(athlete, id, { content: 'Heavy but good' })).status).toBe(200);
    expect((await list(athlete))[0]).toMatchObject({ can_send: true, closed_reason: null });
    // No link, no request: still refused.
    const refused = { status: 403, body: { error: 'Messaging is limited to accepted connections.' } };
    const other = await t.api('POST', '/api/conversations', { other_user_id: stranger.user.id, initial_message: 'hi' }, coach.accessToken);
    expect(other).toEqual(refused);

    const block = await t.api('POST', '/api/rpc/manage_user_block', { target_user_id: coach.user.id, action: 'block' }, athlete.accessToken);
    await settled(t, block.body.checkpoint);
    expect(await t.api('POST', `/api/conversations/${id}/messages`, { content: 'hi' }, coach.accessToken)).toEqual(refused);
    expect((await list(coach))[0]).toMatchObject({ can_send: false, closed_reason: 'blocked' });
    expect((await t.api('GET', '/api/conversations/partners', undefined, athlete.accessToken)).body.partners).toEqual([]);
  });
});

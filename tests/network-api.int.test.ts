import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, startTestServer, type TestServer } from './support/server.ts';
import { settled } from './support/coaching.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => t.close());

type User = Awaited<ReturnType<typeof signedInUser>>;
const NOBODY = '44444444-4444-4444-8444-444444444444';

const eventCount = async () => (await t.db.pool.query('SELECT count(*)::int AS n FROM es_events')).rows[0].n as number;
const rpc = (name: string, body: unknown, u: User) => t.api('POST', `/api/rpc/${name}`, body, u.accessToken);
const connections = async (u: User, status_filter: string | null = 'all') => (await rpc('get_user_connections', { status_filter }, u)).body;

/** A request from `a` to `b`, settled in the read models. */
async function request(a: User, b: User) {
  const res = await rpc('send_connection_request', { recipient_email: b.email }, a);
  expect(res.status).toBe(200);
  await settled(t, res.body.checkpoint);
  return res.body.connection_id as string;
}

async function connect(a: User, b: User) {
  const id = await request(a, b);
  const res = await rpc('respond_to_connection_request', { connection_id_param: id, response: 'accept' }, b);
  await settled(t, res.body.checkpoint);
  return id;
}

describe('every network call needs a session', () => {
  it.each([
    ['search_users', { search_term: 'x' }],
    ['send_connection_request', { recipient_email: 'a@example.com' }],
    ['respond_to_connection_request', { connection_id_param: NOBODY, response: 'accept' }],
    ['get_user_connections', { status_filter: 'all' }],
    ['manage_user_block', { target_user_id: NOBODY, action: 'block' }],
  ])('POST /api/rpc/%s answers 401', async (name, body) => {
    expect(await t.api('POST', `/api/rpc/${name}`, body)).toEqual({ status: 401, body: { error: 'No authentication token available' } });
  });
  it('DELETE /api/connections/:id answers 401', async () => {
    expect((await t.api('DELETE', `/api/connections/${NOBODY}`)).status).toBe(401);
  });
});

describe('POST /api/rpc/search_users', () => {
  it('finds by e-mail or name, excludes the caller, and says where the caller stands', async () => {
    const me = await signedInUser(t, 'Searcher Sam');
    const zed = await signedInUser(t, 'Zed Quarry-Findable');
    const yan = await signedInUser(t, 'Yan Quarry-Findable');
    await request(me, zed);
    const byName = await rpc('search_users', { search_term: 'quarry-find' }, me);
    expect(byName.status).toBe(200);
    expect(byName.body.users.map((u: any) => [u.display_name, u.connection_status])).toEqual([
      ['Yan Quarry-Findable', 'none'],
      ['Zed Quarry-Findable', 'pending'],
    ]);
    // A name search shows no e-mail addresses.
    expect(byName.body.users[1]).toMatchObject({ user_id: zed.user.id, email: null, is_requester: true, connection_id: expect.any(String) });
    const byEmail = await rpc('search_users', { search_term: ` ${yan.email.toUpperCase()} ` }, me);
    expect(byEmail.body.users.map((u: any) => [u.user_id, u.email])).toEqual([[yan.user.id, yan.email]]);
    expect((await rpc('search_users', { search_term: me.email }, me)).body.users).toEqual([]);
    // % and _ are matched literally, not as wildcards.
    expect((await rpc('search_users', { search_term: '%%%' }, me)).body.users).toEqual([]);
    expect((await rpc('search_users', { search_term: 'Quarry_Findable' }, me)).body.users).toEqual([]);
  });

  it('harvests no e-mail addresses: "@" and part of an address find nobody, one letter is refused', async () => {
    const me = await signedInUser(t, 'Harvester Hal');
    const other = await signedInUser(t, 'Victim Vera');
    expect(await rpc('search_users', { search_term: '@' }, me)).toEqual({ status: 200, body: { users: [] } });
    const domain = other.email.slice(other.email.indexOf('@'));
    expect((await rpc('search_users', { search_term: domain }, me)).body.users).toEqual([]);
    expect((await rpc('search_users', { search_term: other.email.slice(0, other.email.indexOf('@')) }, me)).body.users).toEqual([]);
    for (const term of ['a', 've']) {
      expect(await rpc('search_users', { search_term: term }, me)).toEqual({
        status: 400,
        body: { error: 'Please enter at least 3 characters of a name, or a full email address.' },
      });
    }
    // Found by name, the person is asked by id: their address stays unknown to the searcher.
    const [vera] = (await rpc('search_users', { search_term: 'Victim Vera' }, me)).body.users;
    expect(vera).toMatchObject({ user_id: other.user.id, email: null });
    const sent = await rpc('send_connection_request', { recipient_id: vera.user_id }, me);
    expect(sent.status).toBe(200);
    expect((await rpc('send_connection_request', { recipient_id: NOBODY }, me)).status).toBe(404);
    expect(await rpc('send_connection_request', {}, me)).toEqual({ status: 400, body: { error: 'Please enter the email of the person to connect with.' } });
  });

  it('returns at most 10, or fewer with limit_count, and refuses to page further', async () => {
    const me = await signedInUser(t, 'Limit Tester');
    for (let i = 0; i < 11; i++) await signedInUser(t, `Many Limitsson ${i}`);
    expect((await rpc('search_users', { search_term: 'limitsson' }, me)).body.users).toHaveLength(10);
    expect((await rpc('search_users', { search_term: 'limitsson', limit_count: 3 }, me)).body.users).toHaveLength(3);
    expect(await rpc('search_users', { search_term: 'limitsson', limit_count: 50 }, me)).toEqual({ status: 400, body: { error: 'limit_count must be <= 10.' } });
  });

  it('limits searches per account', async () => {
    const me = await signedInUser(t, 'Busy Searcher');
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await rpc('search_users', { search_term: `name ${i}` }, me)).status);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(await rpc('search_users', { search_term: 'one more' }, me)).toEqual({ status: 429, body: { error: 'Too many attempts. Please wait a few minutes and try again.' } });
    // Another account is not held back.
    expect((await rpc('search_users', { search_term: 'one more' }, await signedInUser(t, 'Calm Searcher'))).status).toBe(200);
  });

  it.each([
    [{ search_term: '   ' }, 'Please enter an email or name to search.'],
    [{}, 'search_term is required.'],
    [{ search_term: 'a', limit_count: 0 }, 'limit_count must be >= 1.'],
    [{ search_term: 'a', limit_count: 'ten' }, 'limit_count must be an integer.'],
    [{ search_term: 'a', other: 1 }, 'Unknown field: other.'],
  ])('refuses %j with a 400', async (body, error) => {
    const me = await signedInUser(t, 'Bad Searcher');
    expect(await rpc('search_users', body, me)).toEqual({ status: 400, body: { error } });
  });
});

describe('connection requests', () => {
  it('runs request → accept → remove → request again, and each side sees its part', async () => {
    const ana = await signedInUser(t, 'Ana Asker');
    const ben = await signedInUser(t, 'Ben Answerer');
    const sent = await rpc('send_connection_request', { recipient_email: ben.email, connection_type_param: null, notes_param: 'Hi Ben' }, ana);
    expect(sent.body).toMatchObject({ success: true, message: 'Connection request sent!', connection_id: expect.any(String) });
    await settled(t, sent.body.checkpoint);
    const id = sent.body.connection_id;

    expect(await connections(ana, 'pending')).toEqual({
      connections: [
        {
          connection_id: id,
          status: 'pending',
          connection_type: 'general',
          notes: 'Hi Ben',
          requester_id: ana.user.id,
          recipient_id: ben.user.id,
          is_requester: true,
          user_id: ben.user.id,
          email: ben.email,
          display_name: 'Ben Answerer',
          profile_type: 'coach',
          created_at: expect.any(String),
          updated_at: expect.any(String),
        },
      ],
      totalPending: 0,
    });
    const benSide = await connections(ben);
    expect(benSide.totalPending).toBe(1);
    expect(benSide.connections[0]).toMatchObject({ connection_id: id, is_requester: false, user_id: ana.user.id, display_name: 'Ana Asker' });

    const accepted = await rpc('respond_to_connection_request', { connection_id_param: id, response: 'accept' }, ben);
    expect(accepted.body).toMatchObject({ success: true, message: 'Connection request accepted.' });
    await settled(t, accepted.body.checkpoint);
    expect((await connections(ana, 'accepted')).connections.map((c: any) => c.user_id)).toEqual([ben.user.id]);
    expect((await connections(ben, 'pending')).connections).toEqual([]);

    const removed = await t.api('DELETE', `/api/connections/${id}`, undefined, ben.accessToken);
    expect(removed.body).toMatchObject({ success: true, message: 'Contact removed.' });
    await settled(t, removed.body.checkpoint);
    expect((await connections(ana)).connections).toEqual([]);
    expect(await request(ben, ana)).not.toBe(id);
  });

  it('declining removes the request; the pair may try again later', async () => {
    const ana = await signedInUser(t, 'Ana Decline');
    const ben = await signedInUser(t, 'Ben Decline');
    const id = await request(ana, ben);
    const res = await rpc('respond_to_connection_request', { connection_id_param: id, response: 'reject' }, ben);
    expect(res.body.message).toBe('Connection request declined.');
    await settled(t, res.body.checkpoint);
    expect((await connections(ana)).connections).toEqual([]);
    await request(ana, ben);
  });

  it('refuses what makes no sense with a 4xx and writes nothing', async () => {
    const ana = await signedInUser(t, 'Ana Refused');
    const ben = await signedInUser(t, 'Ben Refused');
    const id = await request(ana, ben);
    const before = await eventCount();
    const cases: [string, unknown, User, number, string][] = [
      ['send_connection_request', { recipient_email: ana.email }, ana, 400, 'You cannot send a connection request to yourself.'],
      ['send_connection_request', { recipient_email: ben.email }, ana, 409, 'A connection request between you is already pending.'],
      ['send_connection_request', { recipient_email: ana.email }, ben, 409, 'This user has already sent you a connection request. Accept it under Requests.'],
      ['send_connection_request', { recipient_email: 'nobody@example.com' }, ana, 404, 'No user found with that email.'],
      ['send_connection_request', { recipient_email: ' ' }, ana, 400, 'Please enter the email of the person to connect with.'],
      ['send_connection_request', { recipient_email: ben.email, notes_param: 5 }, ana, 400, 'notes_param must be a string.'],
      ['respond_to_connection_request', { connection_id_param: id, response: 'accept' }, ana, 403, 'You cannot accept your own connection request.'],
      ['respond_to_connection_request', { connection_id_param: id, response: 'maybe' }, ben, 400, 'response must be equal to one of the allowed values.'],
      ['respond_to_connection_request', { connection_id_param: NOBODY, response: 'accept' }, ben, 404, 'Connection not found.'],
      ['get_user_connections', { status_filter: 'rejected' }, ana, 400, 'status_filter must be equal to one of the allowed values.'],
      ['manage_user_block', { target_user_id: ana.user.id, action: 'block' }, ana, 400, 'You cannot block yourself.'],
      ['manage_user_block', { target_user_id: ben.user.id, action: 'unblock' }, ana, 409, 'You have not blocked this user.'],
      ['manage_user_block', { target_user_id: NOBODY, action: 'block' }, ana, 404, 'User not found.'],
      ['manage_user_block', { target_user_id: ben.user.id, action: 'mute' }, ana, 400, 'action must be equal to one of the allowed values.'],
    ];
    for (const [name, body, who, status, error] of cases) {
      const res = await rpc(name, body, who);
      expect([name, res.status, res.body.error], JSON.stringify(body)).toEqual([name, status, error]);
    }
    expect(await t.api('DELETE', `/api/connections/${NOBODY}`, undefined, ana.accessToken)).toEqual({ status: 404, body: { error: 'Connection not found.' } });
    expect(await t.api('DELETE', '/api/connections/not-a-uuid', undefined, ana.accessToken)).toEqual({ status: 400, body: { error: 'id must match format "uuid".' } });
    expect(await eventCount()).toBe(before);
  });
});

describe('blocking', () => {
  it('hides the blocker from the blocked, refuses their requests, and unblocking restores the contact', async () => {
    const ana = await signedInUser(t, 'Ana Blocker');
    const ben = await signedInUser(t, 'Ben Blocked');
    await connect(ana, ben);
    const blocked = await rpc('manage_user_block', { target_user_id: ben.user.id, action: 'block' }, ana);
    expect(blocked.body).toMatchObject({ success: true, message: 'User blocked.' });
    await settled(t, blocked.body.checkpoint);
    expect((await connections(ana, 'blocked')).connections.map((c: any) => [c.user_id, c.status])).toEqual([[ben.user.id, 'blocked']]);
    expect((await connections(ana, 'accepted')).connections).toEqual([]);
    expect((await connections(ben)).connections).toEqual([]);
    expect((await rpc('search_users', { search_term: ana.email }, ben)).body.users).toEqual([]);
    expect((await rpc('search_users', { search_term: ben.email }, ana)).body.users[0].connection_status).toBe('blocked');
    expect(await rpc('manage_user_block', { target_user_id: ben.user.id, action: 'block' }, ana)).toEqual({ status: 409, body: { error: 'You have already blocked this user.' } });

    const unblocked = await rpc('manage_user_block', { target_user_id: ben.user.id, action: 'unblock' }, ana);
    await settled(t, unblocked.body.checkpoint);
    expect((await connections(ben, 'accepted')).connections.map((c: any) => c.user_id)).toEqual([ana.user.id]);
  });

  it('refuses a request to someone who blocked you, and lists a block of a stranger', async () => {
    const ana = await signedInUser(t, 'Ana Stranger');
    const ben = await signedInUser(t, 'Ben Stranger');
    const res = await rpc('manage_user_block', { target_user_id: ben.user.id, action: 'block' }, ana);
    await settled(t, res.body.checkpoint);
    expect((await connections(ana)).connections).toEqual([expect.objectContaining({ connection_id: null, status: 'blocked', user_id: ben.user.id })]);
    const before = await eventCount();
    expect(await rpc('send_connection_request', { recipient_email: ana.email }, ben)).toEqual({
      status: 403,
      body: { error: 'This user is not accepting connection requests from you.' },
    });
    expect(await rpc('send_connection_request', { recipient_email: ben.email }, ana)).toEqual({
      status: 409,
      body: { error: 'You have blocked this user. Unblock them to send a request.' },
    });
    expect(await eventCount()).toBe(before);
  });
});

describe('authorisation: nobody reads or answers another user’s connections', () => {
  it('answers 404 to a third user for the pair’s connection, and lists nothing of theirs', async () => {
    const ana = await signedInUser(t, 'Ana Private');
    const ben = await signedInUser(t, 'Ben Private');
    const eve = await signedInUser(t, 'Eve Outsider');
    const id = await request(ana, ben);
    const before = await eventCount();
    expect((await connections(eve)).connections).toEqual([]);
    expect(await rpc('respond_to_connection_request', { connection_id_param: id, response: 'accept' }, eve)).toEqual({ status: 404, body: { error: 'Connection not found.' } });
    expect(await t.api('DELETE', `/api/connections/${id}`, undefined, eve.accessToken)).toEqual({ status: 404, body: { error: 'Connection not found.' } });
    expect(await eventCount()).toBe(before);
  });
});

describe('live updates', () => {
  it('tells both users on their own topic when the other acts', async () => {
    const ana = await signedInUser(t, 'Ana Live');
    const ben = await signedInUser(t, 'Ben Live');
    const ws = new WebSocket(`${t.url.replace('http', 'ws')}/api/realtime?token=${ben.accessToken}`, { origin: t.url });
    const messages: any[] = [];
    ws.on('message', (m) => messages.push(JSON.parse((m as Buffer).toString())));
    const waitFor = async (pred: (m: any) => boolean) => {
      const end = Date.now() + 5000;
      while (!messages.some(pred)) {
        if (Date.now() > end) throw new Error(JSON.stringify(messages));
        await new Promise((r) => setTimeout(r, 20));
      }
      messages.length = 0;
    };
    // Subscribe only after 'ready': the server attaches its listener once the token is checked.
    await waitFor((m) => m.type === 'ready');
    ws.send(JSON.stringify({ type: 'subscribe', topic: `user:${ben.user.id}` }));
    await waitFor((m) => m.type === 'subscribed');
    await rpc('send_connection_request', { recipient_email: ben.email }, ana);
    await waitFor((m) => m.type === 'changed' && m.topic === `user:${ben.user.id}`);
    ws.close();
  });
});

/** Messaging: a conversation and its messages are visible and changeable only by its two participants. */
import { signedIn, type AuthzRow, type AuthzWorld } from '../types.ts';

/** ownCoach and ownAthlete as accepted contacts with a conversation; resolves its id. */
async function ownConversation(w: AuthzWorld): Promise<string> {
  const asked = await w.call('ownCoach', 'POST', '/api/rpc/send_connection_request', { recipient_email: w.emails.ownAthlete });
  if (asked.status === 200) {
    await w.settled(asked.json.checkpoint);
    await w.settled((await w.as('ownAthlete', 'POST', '/api/rpc/respond_to_connection_request', { connection_id_param: asked.json.connection_id, response: 'accept' })).checkpoint);
  }
  const started = await w.as('ownCoach', 'POST', '/api/conversations', { other_user_id: w.ids.ownAthlete, initial_message: 'matrix hello' });
  await w.settled(started.checkpoint);
  return started.id;
}

/** A new message of ownCoach's in the conversation; resolves its id. */
async function ownMessage(w: AuthzWorld): Promise<string> {
  const id = await ownConversation(w);
  const sent = await w.as('ownCoach', 'POST', `/api/conversations/${id}/messages`, { content: 'matrix message' });
  await w.settled(sent.checkpoint);
  return sent.id;
}

const participantsOnly = { anonymous: 401, ownCoach: 200, ownAthlete: 200, otherCoach: 404, otherAthlete: 404 };

export const rows: AuthzRow[] = [
  { route: 'GET /api/conversations', request: () => ({ url: '/api/conversations' }), expect: signedIn(200) },
  { route: 'GET /api/conversations/unread-count', request: () => ({ url: '/api/conversations/unread-count' }), expect: signedIn(200) },
  { route: 'GET /api/conversations/partners', request: () => ({ url: '/api/conversations/partners' }), expect: signedIn(200) },
  {
    route: 'POST /api/conversations',
    request: async (w) => {
      await ownConversation(w);
      return { url: '/api/conversations', body: { other_user_id: w.ids.ownAthlete } };
    },
    // Only ownCoach is ownAthlete's contact; ownAthlete cannot message themselves.
    expect: { anonymous: 401, ownCoach: 200, ownAthlete: 400, otherCoach: 403, otherAthlete: 403 },
  },
  { route: 'GET /api/conversations/:id', request: async (w) => ({ url: `/api/conversations/${await ownConversation(w)}` }), expect: participantsOnly },
  { route: 'GET /api/conversations/:id/messages', request: async (w) => ({ url: `/api/conversations/${await ownConversation(w)}/messages` }), expect: participantsOnly },
  {
    route: 'POST /api/conversations/:id/messages',
    request: async (w) => ({ url: `/api/conversations/${await ownConversation(w)}/messages`, body: { content: 'hello from the matrix' } }),
    expect: participantsOnly,
  },
  { route: 'POST /api/conversations/:id/read', request: async (w) => ({ url: `/api/conversations/${await ownConversation(w)}/read` }), expect: participantsOnly },
  { route: 'DELETE /api/conversations/:id', request: async (w) => ({ url: `/api/conversations/${await ownConversation(w)}` }), expect: participantsOnly },
  {
    route: 'DELETE /api/messages/:id',
    request: async (w) => ({ url: `/api/messages/${await ownMessage(w)}` }),
    expect: { anonymous: 401, ownCoach: 200, ownAthlete: 403, otherCoach: 404, otherAthlete: 404 },
  },
  {
    route: 'GET /api/messages/search',
    request: async (w) => ({ url: `/api/messages/search?q=matrix&conversation_id=${await ownConversation(w)}` }),
    expect: participantsOnly,
  },
];

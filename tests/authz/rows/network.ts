/** Contacts: a connection is visible and changeable only by its two parties. */
import { signedIn, type AuthzRow, type AuthzWorld } from '../types.ts';

/** A new user asks ownAthlete to connect; resolves the connection id. */
async function requestToOwnAthlete(w: AuthzWorld, accept: boolean): Promise<string> {
  const stranger = await w.freshUser('Sam Stranger');
  const sent = await w.as(stranger, 'POST', '/api/rpc/send_connection_request', { recipient_email: w.emails.ownAthlete });
  await w.settled(sent.checkpoint);
  if (accept)
    await w.settled((await w.as('ownAthlete', 'POST', '/api/rpc/respond_to_connection_request', { connection_id_param: sent.connection_id, response: 'accept' })).checkpoint);
  return sent.connection_id;
}

const partyOnly = { anonymous: 401, ownCoach: 404, otherCoach: 404, ownAthlete: 200, otherAthlete: 404 };

export const rows: AuthzRow[] = [
  { route: 'POST /api/rpc/search_users', request: () => ({ url: '/api/rpc/search_users', body: { search_term: 'matrix' } }), expect: signedIn(200) },
  {
    route: 'POST /api/rpc/send_connection_request',
    request: async (w) => ({ url: '/api/rpc/send_connection_request', body: { recipient_email: (await w.freshUser('Rita Recipient')).email } }),
    expect: signedIn(200),
  },
  {
    route: 'POST /api/rpc/respond_to_connection_request',
    request: async (w) => ({ url: '/api/rpc/respond_to_connection_request', body: { connection_id_param: await requestToOwnAthlete(w, false), response: 'accept' } }),
    expect: partyOnly,
  },
  { route: 'POST /api/rpc/get_user_connections', request: () => ({ url: '/api/rpc/get_user_connections', body: {} }), expect: signedIn(200) },
  {
    route: 'POST /api/rpc/manage_user_block',
    request: async (w) => ({ url: '/api/rpc/manage_user_block', body: { target_user_id: (await w.freshUser('Bo Blocked')).id, action: 'block' } }),
    expect: signedIn(200),
  },
  {
    route: 'DELETE /api/connections/:id',
    request: async (w) => ({ url: `/api/connections/${await requestToOwnAthlete(w, true)}` }),
    expect: partyOnly,
  },
];

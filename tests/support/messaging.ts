/** Test helpers for messaging: connect two users through the real network API. */
import type { TestServer } from './server.ts';
import { settled } from './coaching.ts';

type Session = { accessToken: string; email: string };

/** `a` asks `b` to connect and `b` accepts; resolves once the read models show it. */
export async function connectUsers(t: TestServer, a: Session, b: Session): Promise<string> {
  const req = await t.api('POST', '/api/rpc/send_connection_request', { recipient_email: b.email }, a.accessToken);
  if (req.status !== 200) throw new Error(`request failed: ${JSON.stringify(req.body)}`);
  await settled(t, req.body.checkpoint);
  const res = await t.api('POST', '/api/rpc/respond_to_connection_request', { connection_id_param: req.body.connection_id, response: 'accept' }, b.accessToken);
  if (res.status !== 200) throw new Error(`accept failed: ${JSON.stringify(res.body)}`);
  await settled(t, res.body.checkpoint);
  return req.body.connection_id as string;
}

/** rpc send_connection_request: ask someone, by e-mail or by a search result's user id, to become a contact. */
import { api } from '../../../lib/api-client';
import { useNetworkMutation } from './connections';

type Sent = { success: boolean; message: string; connection_id: string; checkpoint: string | null };

/** A user id (a search result found by name shows no e-mail) or an e-mail address. */
export type Recipient = { userId: string } | { email: string };

export function sendConnectionRequest(to: Recipient): Promise<Sent> {
  const recipient = 'userId' in to ? { recipient_id: to.userId } : { recipient_email: to.email };
  // Spec §9: connection type default general (the server applies it when none is given).
  return api.post('/api/rpc/send_connection_request', { ...recipient, connection_type_param: 'general', notes_param: null });
}

export const useSendConnectionRequest = () => useNetworkMutation(sendConnectionRequest);

/** rpc send_connection_request: ask someone, by e-mail, to become a contact. */
import { api } from '../../../lib/api-client';
import { useNetworkMutation } from './connections';

type Sent = { success: boolean; message: string; connection_id: string; checkpoint: string | null };

export function sendConnectionRequest(email: string): Promise<Sent> {
  // Spec §9: connection type default general (the server applies it when none is given).
  return api.post('/api/rpc/send_connection_request', { recipient_email: email, connection_type_param: 'general', notes_param: null });
}

export const useSendConnectionRequest = () => useNetworkMutation(sendConnectionRequest);

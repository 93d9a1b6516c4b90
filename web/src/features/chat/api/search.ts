/** Message search across the signed-in user's conversations (GET /api/messages/search), newest first. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type FoundMessage = {
  id: string;
  conversation_id: string;
  content: string;
  sender_id: string;
  created_at: string;
  message_type: string;
};

export const searchMessages = (term: string) => api.get<{ messages: FoundMessage[] }>('/api/messages/search', { query: { q: term } }).then((r) => r.messages);

/** Searches once `term` (already debounced and trimmed) is not empty. */
export function useMessageSearch(term: string) {
  return useQuery({
    queryKey: ['chat', 'search', term],
    queryFn: () => searchMessages(term),
    enabled: term !== '',
    placeholderData: keepPreviousData,
  });
}

/** One conversation's history (pages of 50, newest first), sending, deleting a message, marking read. */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { MESSAGE_PAGE_SIZE } from '../utils/constants';
import { afterWriteHeaders } from '../../../lib/read-after-write';

export type Message = {
  id: string;
  seq: number;
  content: string;
  message_type: string;
  metadata: Record<string, unknown>;
  created_at: string;
  sender_id: string;
  reply_to_id: string | null;
  reply_to: { id: string; sender_id: string; content: string; deleted: boolean } | null;
  deleted_at: string | null;
  read_by: string[];
};

type Page = { messages: Message[]; nextCursor: string | null };

export const messagesQueryKey = (conversationId: string) => ['chat', 'messages', conversationId] as const;

export const getMessages = (conversationId: string, before: string | null) =>
  api.get<Page>(`/api/conversations/${encodeURIComponent(conversationId)}/messages`, {
    query: { before, limit: MESSAGE_PAGE_SIZE },
    headers: afterWriteHeaders(),
  });

export const messagesQueryOptions = (conversationId: string) =>
  infiniteQueryOptions({
    queryKey: messagesQueryKey(conversationId),
    queryFn: ({ pageParam }) => getMessages(conversationId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useMessages(conversationId: string) {
  return useInfiniteQuery(messagesQueryOptions(conversationId));
}

export const sendMessage = (input: { conversationId: string; content: string; replyToId?: string | null }) =>
  api.post<{ id: string; checkpoint: string | null }>(`/api/conversations/${encodeURIComponent(input.conversationId)}/messages`, {
    content: input.content,
    ...(input.replyToId ? { reply_to_id: input.replyToId } : {}),
  });

export const deleteMessage = (messageId: string) => api.delete<{ success: boolean; checkpoint: string | null }>(`/api/messages/${encodeURIComponent(messageId)}`);

export const markRead = (conversationId: string) => api.post<{ success: boolean; checkpoint: string | null }>(`/api/conversations/${encodeURIComponent(conversationId)}/read`);

/** The signed-in user's conversations: list, unread total, start (create_conversation_with_connected_user), delete. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { afterWriteHeaders } from '../../../lib/read-after-write';

export type Participant = { user_id: string; role: string; last_read_at: string | null; display_name: string };
export type LastMessage = { id: string; content: string; message_type: string; sender_id: string; created_at: string; deleted: boolean };
export type Conversation = {
  id: string;
  type: string;
  title: string | null;
  created_at: string;
  updated_at: string;
  participants: Participant[];
  other_user: { user_id: string; display_name: string; profile_type: string } | null;
  lastMessage: LastMessage | null;
  unreadCount: number;
  can_send: boolean;
  closed_reason: 'blocked' | 'not_connected' | null;
};

export const conversationsQueryKey = ['chat', 'conversations'] as const;
export const unreadCountQueryKey = ['chat', 'unread-count'] as const;

export const getConversations = () => api.get<{ conversations: Conversation[] }>('/api/conversations', { headers: afterWriteHeaders() }).then((r) => r.conversations);

export const conversationsQueryOptions = () => queryOptions({ queryKey: conversationsQueryKey, queryFn: getConversations });

export function useConversations() {
  return useQuery(conversationsQueryOptions());
}

export const getUnreadCount = () => api.get<{ unreadCount: number }>('/api/conversations/unread-count', { headers: afterWriteHeaders() }).then((r) => r.unreadCount);

export function useUnreadCount() {
  return useQuery({ queryKey: unreadCountQueryKey, queryFn: getUnreadCount });
}

export const startConversation = (input: { otherUserId: string; initialMessage?: string }) =>
  api.post<{ id: string; created: boolean; checkpoint: string | null }>('/api/conversations', {
    other_user_id: input.otherUserId,
    ...(input.initialMessage ? { initial_message: input.initialMessage } : {}),
  });

/** delete_conversation_secure, given up after `timeoutMs` (spec: 5 s). */
export async function deleteConversation(id: string, timeoutMs: number) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    return await api.delete<{ success: boolean; checkpoint: string | null }>(`/api/conversations/${encodeURIComponent(id)}`, undefined, {
      signal: controller.signal,
    });
  } finally {
    clearTimeout(timer);
  }
}

/** The name a conversation goes by: its title, the other person, or the spec's fallback. */
export function conversationName(c: Conversation): string {
  return c.title?.trim() || c.other_user?.display_name?.trim() || 'Private Chat';
}

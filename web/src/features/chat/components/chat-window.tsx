import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useRealtime, useTopic } from '../../../lib/realtime';
import { conversationName, conversationsQueryKey, unreadCountQueryKey, type Conversation } from '../api/conversations';
import { deleteMessage, markRead, messagesQueryKey, sendMessage, useMessages, type Message } from '../api/messages';
import { rememberWrite } from '../../../lib/read-after-write';
import { GROUP_GAP_MS, READ_MARK_DEBOUNCE_MS, TYPING_RESET_MS } from '../utils/constants';
import { useJumpToMessage } from './use-jump-to-message';
import { Composer } from './composer';
import { MessageItem } from './message-item';
import { initialOf, topicOf } from '@kernel';

type Props = {
  conversation: Conversation;
  me: string;
  /** A search result chosen: load older pages until this message is there, then scroll to it and highlight it. */
  jumpTo?: { messageId: string; at: number } | null;
  onBack: () => void;
  onDelete: () => void;
};

const CLOSED_TEXT = {
  blocked: 'This conversation is closed: one of you has blocked the other. The history stays readable.',
  not_connected: 'This conversation is closed: you are no longer connected. The history stays readable.',
} as const;

/** The open conversation: history (pages of 50 as you scroll up), typing indicator, reply, delete, composer. */
export function ChatWindow({ conversation, me, jumpTo = null, onBack, onDelete }: Props) {
  const id = conversation.id;
  const queryClient = useQueryClient();
  const realtime = useRealtime();
  const topic = topicOf.conversation(id);
  const { data, isLoading, fetchNextPage, hasNextPage, isFetchingNextPage } = useMessages(id);
  useTopic(topic, [messagesQueryKey(id), conversationsQueryKey]);
  const [error, setError] = useState<string | null>(null);
  const [replyTo, setReplyTo] = useState<Message | null>(null);
  const [typingFrom, setTypingFrom] = useState<string | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const keepFromBottom = useRef<number | null>(null);

  const names = useMemo(() => new Map(conversation.participants.map((p) => [p.user_id, p.display_name || 'Unknown User'])), [conversation.participants]);
  const nameOf = (userId: string) => (userId === me ? 'You' : (names.get(userId) ?? 'Unknown User'));

  // Oldest first for display: pages come newest first.
  const messages = useMemo(
    () =>
      (data?.pages ?? [])
        .flatMap((p) => p.messages)
        .slice()
        .reverse(),
    [data],
  );
  const newest = messages.at(-1);

  // Typing: the hub relays the other side's signal; the flag resets after 2 s without one.
  useEffect(() => {
    if (!realtime) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = realtime.onSignal(topic, (s) => {
      if (s.signal !== 'typing' || s.from === me) return;
      setTypingFrom(s.from);
      clearTimeout(timer);
      timer = setTimeout(() => setTypingFrom(null), TYPING_RESET_MS);
    });
    return () => {
      clearTimeout(timer);
      stop();
      setTypingFrom(null);
    };
  }, [realtime, topic, me]);
  // A message from them ends their typing.
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- typing state is also set from realtime events; a new message clears it
    if (newest && newest.sender_id !== me) setTypingFrom(null);
  }, [newest, me]);

  // Opening the conversation, and each new message while open, marks it read (debounced).
  useEffect(() => {
    if (conversation.unreadCount === 0) return;
    const timer = setTimeout(() => {
      void markRead(id)
        .then((r) => {
          rememberWrite(r.checkpoint);
          void queryClient.invalidateQueries({ queryKey: conversationsQueryKey });
          void queryClient.invalidateQueries({ queryKey: unreadCountQueryKey });
        })
        .catch(() => {});
    }, READ_MARK_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [id, conversation.unreadCount, newest?.id, queryClient]);

  // Stay at the bottom for new messages; keep the view still when an older page is put on top.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (keepFromBottom.current !== null) {
      el.scrollTop = el.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = null;
    } else {
      el.scrollTop = el.scrollHeight;
    }
  }, [messages.length, newest?.id]);

  const jump = useJumpToMessage(jumpTo, messages, { hasNextPage, isFetchingNextPage, fetchNextPage, scroller });

  const loadOlderAtTop = () => {
    const el = scroller.current;
    if (!el || !hasNextPage || isFetchingNextPage) return;
    if (el.scrollTop < 80) {
      keepFromBottom.current = el.scrollHeight - el.scrollTop;
      void fetchNextPage();
    }
  };
  // Also once a page has arrived: whoever reached the top while it loaded is already there,
  // and a view at the top sends no further scroll event to ask again.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when paging changes, reading the scroller as it is then
  useEffect(loadOlderAtTop, [hasNextPage, isFetchingNextPage]);

  const send = async (text: string) => {
    setError(null);
    try {
      const r = await sendMessage({ conversationId: id, content: text, replyToId: replyTo?.id ?? null });
      rememberWrite(r.checkpoint);
      setReplyTo(null);
      await Promise.all([queryClient.invalidateQueries({ queryKey: messagesQueryKey(id) }), queryClient.invalidateQueries({ queryKey: conversationsQueryKey })]);
    } catch (e) {
      setError(`Failed to send message: ${errorMessage(e)}`);
      throw e;
    }
  };

  const remove = async (m: Message) => {
    setError(null);
    try {
      const r = await deleteMessage(m.id);
      rememberWrite(r.checkpoint);
      await queryClient.invalidateQueries({ queryKey: messagesQueryKey(id) });
    } catch (e) {
      setError(`Failed to delete message: ${errorMessage(e)}`);
    }
  };

  const name = conversationName(conversation);
  return (
    <section className="chat-window" aria-label={`Conversation with ${name}`}>
      <header className="chat-window__header">
        <button type="button" className="chat-back" onClick={onBack} aria-label="Back to conversations">
          ←
        </button>
        <span className="chat-avatar" aria-hidden="true">
          {initialOf(name)}
        </span>
        <h2 className="chat-window__title">{name}</h2>
        <Button size="sm" variant="ghost" onClick={onDelete} aria-label="Delete conversation">
          Delete
        </Button>
      </header>
      <div className="chat-window__history" ref={scroller} onScroll={loadOlderAtTop}>
        {jump.gone && (
          <Alert variant="info" className="chat-alert">
            That message is no longer in this conversation.
          </Alert>
        )}
        {isFetchingNextPage && <Spinner size="sm" label="Loading older messages" />}
        {isLoading ? (
          <Spinner label="Loading messages" />
        ) : messages.length === 0 ? (
          <p className="chat-empty">No messages yet</p>
        ) : (
          <ol className="chat-messages" aria-label="Messages">
            {messages.map((m, i) => {
              const prev = messages[i - 1];
              const startsGroup = !prev || prev.sender_id !== m.sender_id || Date.parse(m.created_at) - Date.parse(prev.created_at) >= GROUP_GAP_MS;
              return (
                <MessageItem
                  key={m.id}
                  message={m}
                  mine={m.sender_id === me}
                  startsGroup={startsGroup}
                  found={jump.highlight === m.id}
                  senderName={nameOf(m.sender_id)}
                  nameOf={nameOf}
                  onReply={setReplyTo}
                  onDelete={(x) => void remove(x)}
                />
              );
            })}
          </ol>
        )}
      </div>
      <p className="chat-typing" aria-live="polite">
        {typingFrom ? `${names.get(typingFrom) ?? 'Unknown User'} is typing…` : ''}
      </p>
      {error && (
        <Alert variant="error" className="chat-alert">
          {error}
        </Alert>
      )}
      {conversation.can_send ? (
        <Composer
          onSend={send}
          onTyping={() => realtime?.signal(topic, 'typing', { typing: true })}
          replyTo={replyTo ? { name: nameOf(replyTo.sender_id), content: replyTo.content } : null}
          onCancelReply={() => setReplyTo(null)}
        />
      ) : (
        <p className="chat-closed" role="status">
          {CLOSED_TEXT[conversation.closed_reason ?? 'not_connected']}
        </p>
      )}
    </section>
  );
}

import { useEffect, useId, useState } from 'react';
import { MESSAGE_SEARCH_LIMIT, TEXT_LIMITS } from '@kernel';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { conversationName, type Conversation } from '../api/conversations';
import { useMessageSearch, type FoundMessage } from '../api/search';
import { SEARCH_DEBOUNCE_MS } from '../utils/constants';
import { excerptOf } from '../utils/excerpt';

type Props = {
  conversations: Conversation[];
  me: string;
  /** The search term as typed, owned by the page (the results replace the conversation list while it is not empty). */
  text: string;
  onTextChange: (text: string) => void;
  onChoose: (message: FoundMessage) => void;
};

/** The search box above the conversations. */
export function MessageSearchBox({ text, onTextChange }: Pick<Props, 'text' | 'onTextChange'>) {
  const id = useId();
  return (
    <div className="chat-search">
      <label htmlFor={id} className="visually-hidden">
        Search messages
      </label>
      <input
        id={id}
        type="search"
        className="input chat-search__input"
        placeholder="Search messages"
        value={text}
        maxLength={TEXT_LIMITS.messageSearch}
        autoComplete="off"
        onChange={(e) => onTextChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && text) {
            e.preventDefault();
            onTextChange('');
          }
        }}
      />
    </div>
  );
}

/**
 * Search results in context: who wrote it, when, in which conversation, and the text
 * around the match with the match marked. Debounced; each result opens its
 * conversation at that message.
 */
export function MessageSearchResults({ conversations, me, text, onChoose }: Omit<Props, 'onTextChange'>) {
  const term = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const { data, isFetching, isError, error } = useMessageSearch(term);
  const byId = new Map(conversations.map((c) => [c.id, c]));
  const senderName = (m: FoundMessage) =>
    m.sender_id === me ? 'You' : (byId.get(m.conversation_id)?.participants.find((p) => p.user_id === m.sender_id)?.display_name ?? 'Unknown User');
  const found = term ? (data ?? []) : [];
  const settled = term !== '' && term === text.trim() && !isFetching;

  return (
    <section className="chat-search__results" aria-label="Search results">
      <p className="chat-search__status" role="status">
        {!settled ? '' : isError ? `Search failed: ${errorMessage(error)}` : statusText(found.length, term)}
      </p>
      {isFetching && <Spinner size="sm" label="Searching messages" />}
      {found.length > 0 && (
        <ul className="chat-list" aria-label="Messages found">
          {found.map((m) => {
            const conversation = byId.get(m.conversation_id);
            const { before, match, after } = excerptOf(m.content, term);
            return (
              <li key={m.id}>
                <button type="button" className="chat-list__item chat-found" onClick={() => onChoose(m)}>
                  <span className="chat-list__body">
                    <span className="chat-list__top">
                      <span className="chat-list__name">{senderName(m)}</span>
                      <time className="chat-list__time" dateTime={m.created_at}>
                        {foundDate(m.created_at)}
                      </time>
                    </span>
                    <span className="chat-found__text">
                      {before}
                      {match && <mark>{match}</mark>}
                      {after}
                    </span>
                    <span className="chat-found__where">in {conversation ? conversationName(conversation) : 'a conversation'}</span>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function statusText(count: number, term: string): string {
  if (count === 0) return `No messages match “${term}”.`;
  if (count >= MESSAGE_SEARCH_LIMIT) return `The ${MESSAGE_SEARCH_LIMIT} newest messages matching “${term}”.`;
  return `${count} ${count === 1 ? 'message matches' : 'messages match'} “${term}”.`;
}

function foundDate(iso: string): string {
  return new Date(iso).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' });
}

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { UsersIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { useUser } from '../../../lib/auth';
import { cx } from '../../../lib/cx';
import { useTopic } from '../../../lib/realtime';
import { useChatContacts } from '../api/contacts';
import { conversationsQueryKey, getConversations, startConversation, unreadCountQueryKey, useConversations } from '../api/conversations';
import { rememberWrite } from '../../../lib/read-after-write';
import { CHAT_CREATE_RETRIES, CHAT_CREATE_RETRY_MS } from '../utils/constants';
import { ChatWindow } from './chat-window';
import { ContactsStrip } from './contacts-strip';
import { chatPartners, useCoachingPartners } from '../api/partners';
import { ConversationList } from './conversation-list';
import { DeleteConversationDialog } from './delete-conversation-dialog';
import { MessageSearchBox, MessageSearchResults } from './message-search';
import type { FoundMessage } from '../api/search';
import './chat.css';
import { topicOf } from '@kernel';

type Props = {
  /** The Contacts modal (another feature's), composed by the route. */
  contactsManager: (props: { open: boolean; onClose: () => void }) => ReactNode;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Messages (performance-messaging-templates §2): contacts and conversations on the
 * left, the open chat on the right. On a phone the two are panes that swap.
 */
export function ChatPage({ contactsManager }: Props) {
  const user = useUser();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const { data: conversations, isLoading } = useConversations();
  const { data: network } = useChatContacts();
  const { data: partners } = useCoachingPartners();
  useTopic(topicOf.inbox(user.id), [conversationsQueryKey, unreadCountQueryKey]);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [contactsOpen, setContactsOpen] = useState(false);
  const [startingWith, setStartingWith] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ variant: 'error' | 'info'; text: string } | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [searchText, setSearchText] = useState('');
  /** The message a chosen search result points at; `at` tells two choices of the same one apart. */
  const [jumpTo, setJumpTo] = useState<{ conversationId: string; messageId: string; at: number } | null>(null);

  const openFound = (m: FoundMessage) => {
    setSelectedId(m.conversation_id);
    setJumpTo({ conversationId: m.conversation_id, messageId: m.id, at: Date.now() });
  };

  const selected = conversations?.find((c) => c.id === selectedId) ?? null;

  /** Reuses the conversation with that contact, else creates it, then finds it in the list (3 tries, 500 ms apart). */
  const startChat = async (otherUserId: string) => {
    setNotice(null);
    const existing = conversations?.find((c) => c.other_user?.user_id === otherUserId);
    if (existing) {
      setSelectedId(existing.id);
      return;
    }
    setStartingWith(otherUserId);
    try {
      const started = await startConversation({ otherUserId });
      rememberWrite(started.checkpoint);
      for (let attempt = 0; attempt < CHAT_CREATE_RETRIES; attempt++) {
        const list = await queryClient.fetchQuery({ queryKey: conversationsQueryKey, queryFn: getConversations, staleTime: 0 });
        if (list.some((c) => c.id === started.id)) {
          setSelectedId(started.id);
          return;
        }
        await sleep(CHAT_CREATE_RETRY_MS);
      }
      setNotice({ variant: 'info', text: "Chat created successfully! Please refresh if you don't see it in the list." });
    } catch (e) {
      setNotice({ variant: 'error', text: e instanceof ApiError ? `Failed to create conversation: ${e.message}` : 'Failed to start chat. Please try again.' });
    } finally {
      setStartingWith(null);
    }
  };

  // "Message" on a client card or a contact lands here with ?with=<userId>.
  const withUser = params.get('with');
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (!withUser || !conversations || handled.current === withUser) return;
    handled.current = withUser;
    setParams({}, { replace: true });
    void startChat(withUser);
    // startChat reads the current list; it runs once per requested user.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [withUser, conversations]);

  const pending = network?.totalPending ?? 0;
  return (
    <div className={cx('chat-page', selected && 'chat-page--open')}>
      <aside className="chat-side" aria-label="Chats">
        <div className="chat-side__top">
          <h1 className="chat-side__title">Messages</h1>
          <Button variant="outline" size="sm" icon={<UsersIcon size={16} />} onClick={() => setContactsOpen(true)}>
            Manage Contacts
            {pending > 0 && (
              <span className="chat-badge" aria-label={`${pending} pending ${pending === 1 ? 'request' : 'requests'}`}>
                {pending}
              </span>
            )}
          </Button>
        </div>
        {notice && (
          <Alert variant={notice.variant} className="chat-alert">
            {notice.text}
          </Alert>
        )}
        <ContactsStrip contacts={chatPartners(partners ?? [], network?.connections ?? [])} busyId={startingWith} onStart={(id) => void startChat(id)} />
        <MessageSearchBox text={searchText} onTextChange={setSearchText} />
        {searchText.trim() ? (
          <MessageSearchResults conversations={conversations ?? []} me={user.id} text={searchText} onChoose={openFound} />
        ) : (
          <>
            <h2 className="chat-section-title">Conversations</h2>
            {isLoading ? (
              <Spinner label="Loading conversations" />
            ) : (
              <ConversationList conversations={conversations ?? []} selectedId={selectedId} onSelect={setSelectedId} me={user.id} />
            )}
          </>
        )}
      </aside>
      <div className="chat-main">
        {selected ? (
          <ChatWindow
            key={selected.id}
            conversation={selected}
            me={user.id}
            jumpTo={jumpTo?.conversationId === selected.id ? jumpTo : null}
            onBack={() => setSelectedId(null)}
            onDelete={() => setConfirmDelete(true)}
          />
        ) : (
          <p className="chat-empty chat-empty--center">Select a conversation</p>
        )}
      </div>
      {selected && (
        <DeleteConversationDialog
          open={confirmDelete}
          conversationId={selected.id}
          onClose={() => setConfirmDelete(false)}
          onDeleted={(checkpoint) => {
            rememberWrite(checkpoint);
            setConfirmDelete(false);
            setSelectedId(null);
            void queryClient.invalidateQueries({ queryKey: conversationsQueryKey });
            void queryClient.invalidateQueries({ queryKey: unreadCountQueryKey });
          }}
        />
      )}
      {contactsManager({ open: contactsOpen, onClose: () => setContactsOpen(false) })}
    </div>
  );
}

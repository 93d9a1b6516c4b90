import { useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { SendIcon } from '../../../components/ui/icons';
import { MESSAGE_MAX_LENGTH, TYPING_SEND_EVERY_MS } from '../utils/constants';

type Props = {
  onSend: (text: string) => Promise<void>;
  onTyping: () => void;
  replyTo: { name: string; content: string } | null;
  onCancelReply: () => void;
};

/** Enter sends, Shift+Enter starts a new line; a failed send puts the text back. */
export function Composer({ onSend, onTyping, replyTo, onCancelReply }: Props) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const lastTyping = useRef(0);

  const submit = async () => {
    const trimmed = text.trim();
    if (!trimmed || sending) return;
    setText('');
    setSending(true);
    try {
      await onSend(trimmed);
    } catch {
      setText(text);
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  };

  return (
    <form
      className="chat-composer"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {replyTo && (
        <div className="chat-composer__reply">
          <span>
            Replying to <strong>{replyTo.name}</strong>: {replyTo.content}
          </span>
          <button type="button" className="chat-link" onClick={onCancelReply} aria-label="Cancel reply">
            Cancel
          </button>
        </div>
      )}
      <div className="chat-composer__row">
        <textarea
          className="chat-composer__input"
          aria-label="Message"
          placeholder="Type a message…"
          rows={1}
          maxLength={MESSAGE_MAX_LENGTH}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            const now = Date.now();
            if (now - lastTyping.current > TYPING_SEND_EVERY_MS) {
              lastTyping.current = now;
              onTyping();
            }
          }}
          onKeyDown={onKeyDown}
        />
        <Button type="submit" aria-label="Send" icon={<SendIcon size={16} />} disabled={!text.trim()} isLoading={sending} />
      </div>
    </form>
  );
}

import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { errorMessage } from '../../../lib/api-client';
import { deleteConversation } from '../api/conversations';
import { DELETE_TIMEOUT_MS } from '../utils/constants';

type Props = { open: boolean; conversationId: string; onClose: () => void; onDeleted: (checkpoint: string | null) => void };

/** delete_conversation_secure behind a confirmation; it removes the conversation for this user only. */
export function DeleteConversationDialog({ open, conversationId, onClose, onDeleted }: Props) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      const r = await deleteConversation(conversationId, DELETE_TIMEOUT_MS);
      onDeleted(r.checkpoint);
    } catch (e) {
      setError(e instanceof DOMException && e.name === 'AbortError' ? 'Deletion timeout after 5 seconds' : `Failed to delete conversation: ${errorMessage(e)}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      onClose={() => {
        setError(null);
        onClose();
      }}
      title="Delete conversation?"
      description="It is removed for you only; the other person keeps their history."
      size="sm"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="destructive" isLoading={busy} onClick={() => void confirm()}>
            Delete
          </Button>
        </>
      }
    >
      {error && <Alert variant="error">{error}</Alert>}
    </Modal>
  );
}

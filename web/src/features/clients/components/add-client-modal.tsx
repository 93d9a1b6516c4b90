import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { errorMessage } from '../../../lib/api-client';
import { useSendInvite, type InviteSent } from '../api/manage-invites';
import { TEXT_LIMITS } from '@kernel';

type AddClientModalProps = { open: boolean; onClose: () => void; onSent: (result: InviteSent) => void };

/** Add Client: an e-mail, Cancel and Send Invite (coach-core §2 Clients). */
export function AddClientModal({ open, onClose, onSent }: AddClientModalProps) {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const send = useSendInvite();

  const close = () => {
    setEmail('');
    setFieldError(null);
    setError(null);
    onClose();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Spec §5: an invite needs an e-mail.
    if (!email.trim()) {
      setFieldError('Email is required.');
      return;
    }
    setFieldError(null);
    setError(null);
    send.mutate(email.trim(), {
      onSuccess: (result) => {
        onSent(result);
        close();
      },
      onError: (e) => setError(`Error creating invite: ${errorMessage(e)}`),
    });
  };

  return (
    <Modal open={open} onClose={close} title="Add Client" description="We will e-mail them an invitation to join you on Spotter." size="sm">
      <form className="form" onSubmit={onSubmit} noValidate>
        <TextField
          label="Email"
          maxLength={TEXT_LIMITS.email}
          type="email"
          name="email"
          autoComplete="off"
          placeholder="athlete@example.com"
          required
          autoFocus
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={fieldError}
        />
        {error && <Alert variant="error">{error}</Alert>}
        <div className="clients-modal__actions">
          <Button variant="ghost" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" isLoading={send.isPending} loadingText="Sending...">
            Send Invite
          </Button>
        </div>
      </form>
    </Modal>
  );
}

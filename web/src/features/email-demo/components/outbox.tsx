import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { MailIcon, RefreshIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { cx } from '../../../lib/cx';
import { useOutbox, type OutboxMessage } from '../api/get-outbox';
import { EmailPreview } from './email-preview';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}

/** The mails the server wrote to its outbox folder, and a preview of the one picked. */
export function Outbox() {
  const outbox = useOutbox();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const messages = [...(outbox.data ?? [])].sort((a, b) => b.sentAt.localeCompare(a.sentAt));
  // Until one is picked, show the newest: after a send, that is the mail just sent.
  const selected: OutboxMessage | undefined = messages.find((message) => message.id === selectedId) ?? messages[0];

  return (
    <Card variant="elevated" className="outbox">
      <CardHeader className="card__header--row">
        <div>
          <CardTitle>Outbox</CardTitle>
          <CardDescription>Mails the server wrote to its outbox folder. When it sends over SMTP, look in that mailbox instead.</CardDescription>
        </div>
        <Button variant="ghost" size="sm" icon={<RefreshIcon size={16} />} onClick={() => void outbox.refetch()} isLoading={outbox.isFetching}>
          Refresh
        </Button>
      </CardHeader>
      <CardContent>
        {outbox.isPending ? (
          <div className="outbox__status">
            <Spinner label="Loading the outbox" />
          </div>
        ) : outbox.isError && outbox.error instanceof ApiError && outbox.error.status === 401 ? (
          // The outbox holds sign-in links: only the operator's link (printed in the
          // console when the server starts) shows every mail; a user sees their own.
          <Alert variant="info">Sign in to see the mails sent to you, or open the operator link printed in the server's console to see every mail.</Alert>
        ) : outbox.isError ? (
          <Alert variant="error">{errorMessage(outbox.error, 'Could not load the outbox.')}</Alert>
        ) : messages.length === 0 ? (
          <div className="empty-state">
            <MailIcon size={28} className="empty-state__icon" />
            <p className="empty-state__title">The outbox is empty</p>
            <p className="empty-state__text">Send an e-mail above and it will show up here.</p>
          </div>
        ) : (
          <div className="outbox__layout">
            <ul className="outbox__list" aria-label="Sent e-mails">
              {messages.map((message) => (
                <li key={message.id}>
                  <button
                    type="button"
                    className={cx('outbox__item', message.id === selected?.id && 'is-selected')}
                    aria-pressed={message.id === selected?.id}
                    onClick={() => setSelectedId(message.id)}
                  >
                    <span className="outbox__subject">{message.subject}</span>
                    <span className="outbox__meta">
                      <span className="outbox__to">{message.to}</span>
                      <time dateTime={message.sentAt}>{formatTime(message.sentAt)}</time>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
            <div className="outbox__preview">
              {selected ? (
                <EmailPreview message={selected} />
              ) : (
                <div className="empty-state">
                  <p className="empty-state__title">No e-mail selected</p>
                  <p className="empty-state__text">Pick one on the left to see it as the recipient would.</p>
                </div>
              )}
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

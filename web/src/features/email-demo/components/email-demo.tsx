import { useRef, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/field';
import { SendIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { EMAIL_RATE_LIMIT } from '../../../config/constants';
import { ApiError } from '../../../lib/api-client';
import { cx } from '../../../lib/cx';
import { useSendEmail, type EmailTemplate } from '../api/send-email';
import { createRateLimiter, RATE_LIMIT_MESSAGE } from '../utils/rate-limit';
import { Outbox } from './outbox';
import './email-demo.css';

const TEMPLATES: Array<{ id: EmailTemplate; label: string; hint: string }> = [
  { id: 'welcome', label: 'Welcome', hint: 'Greets a new coach' },
  { id: 'confirmation', label: 'Account Confirmation', hint: 'Link to confirm the address' },
  { id: 'password-reset', label: 'Password Reset', hint: 'Link to choose a new password' },
  { id: 'invitation', label: 'Athlete Invitation', hint: 'A coach invites an athlete' },
  { id: 'workout-assigned', label: 'New Workout Assigned', hint: 'A workout lands on the calendar' },
  { id: 'weekly-recap', label: 'Weekly Recap', hint: 'The week in numbers, sent on Mondays' },
];

type LogEntry = { id: number; at: Date; label: string; to: string; ok: boolean; text: string };

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** The e-mail demo page (performance-messaging-templates §2): send every kind of mail to a test address. */
export function EmailDemo() {
  const send = useSendEmail();
  // One limiter for the component's life; state, not a ref, because render reads it.
  const [limiter] = useState(createRateLimiter);
  const nextId = useRef(1);
  const [to, setTo] = useState('');
  const [name, setName] = useState('');
  const [toError, setToError] = useState<string | null>(null);
  const [sending, setSending] = useState<EmailTemplate | null>(null);
  const [log, setLog] = useState<LogEntry[]>([]);

  const addLog = (entry: Omit<LogEntry, 'id' | 'at'>) => setLog((previous) => [{ ...entry, id: nextId.current++, at: new Date() }, ...previous].slice(0, 50));

  const onSend = (template: (typeof TEMPLATES)[number]) => {
    const recipient = to.trim();
    if (!recipient) return setToError('Please enter a test email address.');
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(recipient)) return setToError('Please enter a valid email address.');
    setToError(null);

    if (limiter.remaining(recipient) === 0) {
      addLog({ label: template.label, to: recipient, ok: false, text: RATE_LIMIT_MESSAGE });
      return;
    }
    limiter.record(recipient);
    setSending(template.id);
    send.mutate(
      { to: recipient, template: template.id, data: name.trim() ? { name: name.trim() } : {} },
      {
        onSuccess: (result) => addLog({ label: template.label, to: recipient, ok: true, text: `Sent (message id ${result.messageId})` }),
        onError: (error) =>
          addLog({
            label: template.label,
            to: recipient,
            ok: false,
            text: error instanceof ApiError ? error.message : error instanceof Error && error.message ? error.message : 'Unknown error occurred',
          }),
        onSettled: () => setSending(null),
      },
    );
  };

  const remaining = to.trim() ? limiter.remaining(to.trim()) : EMAIL_RATE_LIMIT;

  return (
    <div className="email-demo">
      <PageHeader title="E-mail Demo" description="Send each of Spotter’s e-mails to a test address and see exactly what arrives." />

      <div className="email-demo__grid">
        <Card variant="elevated">
          <CardHeader>
            <CardTitle>Send a test e-mail</CardTitle>
            <CardDescription>Pick a template; it is rendered by the server and delivered to the address below.</CardDescription>
          </CardHeader>
          <CardContent>
            <form className="form" onSubmit={(event: FormEvent) => event.preventDefault()} noValidate>
              <div className="email-demo__fields">
                <TextField
                  label="Test email address"
                  type="email"
                  name="to"
                  autoComplete="email"
                  placeholder="athlete@example.com"
                  required
                  value={to}
                  onChange={(event) => setTo(event.target.value)}
                  error={toError}
                />
                <TextField
                  label="Name"
                  name="name"
                  autoComplete="name"
                  placeholder="Jordan Lee"
                  value={name}
                  onChange={(event) => setName(event.target.value)}
                  helperText="Optional — used in the greeting."
                />
              </div>
              <div className="email-demo__templates" role="group" aria-label="Send an e-mail">
                {TEMPLATES.map((template) => (
                  <Button
                    key={template.id}
                    variant="outline"
                    className="email-demo__template"
                    onClick={() => onSend(template)}
                    disabled={send.isPending}
                    isLoading={sending === template.id}
                    icon={<SendIcon size={16} />}
                  >
                    {/* Named by its text as shown, label then hint (WCAG 2.5.3, label in name). */}
                    <span className="email-demo__template-text">
                      <span className="email-demo__template-label">{template.label}</span>
                      <span className="email-demo__template-hint">{template.hint}</span>
                    </span>
                  </Button>
                ))}
              </div>
            </form>
            <Alert variant="info" className="email-demo__note">
              Each address can receive at most {EMAIL_RATE_LIMIT} e-mails per hour.
              {to.trim() && ` ${remaining} left this hour for ${to.trim()}.`}
            </Alert>
          </CardContent>
        </Card>

        <Card variant="elevated" className="email-demo__log-card">
          <CardHeader className="card__header--row">
            <div>
              <CardTitle>Results</CardTitle>
              <CardDescription>What the server answered, newest first.</CardDescription>
            </div>
            {log.length > 0 && (
              <Button variant="ghost" size="sm" onClick={() => setLog([])}>
                Clear
              </Button>
            )}
          </CardHeader>
          <CardContent>
            {log.length === 0 ? (
              <p className="muted">No e-mails sent yet.</p>
            ) : (
              <ol className="result-log" aria-live="polite">
                {log.map((entry) => (
                  <li key={entry.id} className={cx('result-log__item', entry.ok ? 'is-ok' : 'is-error')}>
                    <span className="result-log__dot" aria-hidden="true" />
                    <div className="result-log__body">
                      <p className="result-log__title">{entry.label}</p>
                      <p className="result-log__to">to {entry.to}</p>
                      <p className="result-log__text">
                        <span className="visually-hidden">{entry.ok ? 'Success: ' : 'Failed: '}</span>
                        {entry.text}
                      </p>
                    </div>
                    <time className="result-log__time" dateTime={entry.at.toISOString()}>
                      {timeFormat.format(entry.at)}
                    </time>
                  </li>
                ))}
              </ol>
            )}
          </CardContent>
        </Card>
      </div>

      <Outbox />
    </div>
  );
}

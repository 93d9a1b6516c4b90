import { Alert } from '../../../components/ui/alert';

/** A new signing secret, shown once: the server keeps no way to show it again. */
export function SecretNotice({ secret, rotated }: { secret: string; rotated?: boolean }) {
  return (
    <Alert variant="success" title={rotated ? 'New signing secret' : 'Endpoint added: its signing secret'}>
      <p>Copy it now: it is shown only once.{rotated ? ' The previous secret keeps signing for 24 hours, so your receiver can switch over.' : ''}</p>
      <code className="webhooks__secret" data-testid="webhook-secret">
        {secret}
      </code>
    </Alert>
  );
}

import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { errorMessage } from '../../../lib/api-client';
import { useWebhookMutations, type WebhookEndpoint } from '../api/webhooks';
import { DeliveryLog } from './delivery-log';
import { SecretNotice } from './secret-notice';

/** One endpoint: what it receives, its actions (test, rotate, enable, delete) and its delivery log. */
export function EndpointCard({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { sendTest, rotate, update, remove } = useWebhookMutations();
  const [secret, setSecret] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const onError = (err: unknown) => setError(errorMessage(err));

  return (
    <Card className="webhooks__endpoint" role="region" aria-label={`Webhook endpoint ${endpoint.url}`}>
      <CardHeader>
        <CardTitle as="h3" className="webhooks__mono">
          {endpoint.url}
        </CardTitle>
        <CardDescription>
          {endpoint.description && <>{endpoint.description} · </>}
          {endpoint.event_types.join(', ')} · {endpoint.enabled ? 'Enabled' : `Disabled: ${endpoint.disabled_reason ?? ''}`}
          {endpoint.previous_secret_until && <> · previous secret valid until {new Date(endpoint.previous_secret_until).toLocaleString()}</>}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {secret && <SecretNotice secret={secret} rotated />}
        {error && <p role="alert">{error}</p>}
        <div className="webhooks__actions">
          <Button size="sm" variant="secondary" disabled={!endpoint.enabled} isLoading={sendTest.isPending} onClick={() => sendTest.mutate(endpoint.id, { onError })}>
            Send test event
          </Button>
          <Button size="sm" variant="outline" isLoading={rotate.isPending} onClick={() => rotate.mutate(endpoint.id, { onSuccess: (r) => setSecret(r.secret), onError })}>
            Rotate secret
          </Button>
          <Button size="sm" variant="outline" onClick={() => update.mutate({ id: endpoint.id, enabled: !endpoint.enabled }, { onError })}>
            {endpoint.enabled ? 'Disable' : 'Enable'}
          </Button>
          <Button
            size="sm"
            variant="destructive"
            onClick={() => {
              if (window.confirm(`Delete the endpoint ${endpoint.url}? Its delivery log goes with it.`)) remove.mutate(endpoint.id, { onError });
            }}
          >
            Delete
          </Button>
        </div>
        <h4 className="webhooks__log-title">Recent deliveries</h4>
        <DeliveryLog endpointId={endpoint.id} />
      </CardContent>
    </Card>
  );
}

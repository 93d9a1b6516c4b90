import { useState } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { useWebhooks } from '../api/webhooks';
import { AddEndpointForm } from './add-endpoint-form';
import { EndpointCard } from './endpoint-card';
import { SecretNotice } from './secret-notice';
import './webhooks.css';

/** Webhooks (coaches): endpoints that receive Spotter's events, signed the Standard Webhooks way. */
export function WebhooksPage() {
  const endpoints = useWebhooks();
  const [newSecret, setNewSecret] = useState<string | null>(null);

  return (
    <div className="webhooks">
      <PageHeader
        title="Webhooks"
        description="Spotter sends your HTTPS endpoints an event when an athlete logs a set, completes a workout, logs a performance record or links to you. Each request is signed (Standard Webhooks) with the endpoint's secret."
      />
      {endpoints.isPending && <Spinner />}
      {endpoints.isError && <p role="alert">Could not load your webhook endpoints.</p>}
      {endpoints.data && (
        <>
          <Card>
            <CardHeader>
              <CardTitle>Add an endpoint</CardTitle>
            </CardHeader>
            <CardContent>
              {newSecret && <SecretNotice secret={newSecret} />}
              <AddEndpointForm eventTypes={endpoints.data.event_types} onAdded={setNewSecret} />
            </CardContent>
          </Card>
          <h2 className="webhooks__heading">Your endpoints</h2>
          {endpoints.data.data.length === 0 ? <p className="webhooks__muted">No endpoints yet.</p> : endpoints.data.data.map((e) => <EndpointCard key={e.id} endpoint={e} />)}
        </>
      )}
    </div>
  );
}

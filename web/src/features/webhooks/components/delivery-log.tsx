import { Spinner } from '../../../components/ui/spinner';
import { useDeliveries, type WebhookDelivery } from '../api/webhooks';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '');

function outcome(d: WebhookDelivery): string {
  if (d.status === 'delivered') return `Delivered · HTTP ${d.response_status ?? ''}`;
  const last = d.error ?? (d.response_status !== null ? `HTTP ${d.response_status}` : 'not tried yet');
  return d.status === 'failed' ? `Failed · ${last}` : `Pending · ${last}${d.next_attempt_at ? ` · next try ${when(d.next_attempt_at)}` : ''}`;
}

/** The newest deliveries of one endpoint: what was sent, what came back. */
export function DeliveryLog({ endpointId }: { endpointId: string }) {
  const log = useDeliveries(endpointId);
  if (log.isPending) return <Spinner />;
  if (log.isError) return <p role="alert">Could not load the delivery log.</p>;
  if (log.data.data.length === 0) return <p className="webhooks__muted">No deliveries yet.</p>;
  return (
    <table className="webhooks__log" aria-label="Delivery log">
      <thead>
        <tr>
          <th scope="col">Event</th>
          <th scope="col">Status</th>
          <th scope="col">Attempts</th>
          <th scope="col">Queued</th>
          <th scope="col">Response</th>
        </tr>
      </thead>
      <tbody>
        {log.data.data.map((d) => (
          <tr key={d.id} data-status={d.status}>
            <td>
              {d.event_type}
              <div className="webhooks__muted webhooks__mono">{d.id}</div>
            </td>
            <td>{outcome(d)}</td>
            <td>{d.attempts}</td>
            <td>{when(d.created_at)}</td>
            <td className="webhooks__mono">{d.response_body ?? ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

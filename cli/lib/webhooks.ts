/**
 * `spotter webhooks`: every coach's endpoints with their latest deliveries, for staff
 * looking into "my webhooks stopped". Reads the webhooks tables (migration 017); never
 * a secret.
 */
import type { CliPlatform } from './platform.ts';

export interface WebhookDeliveryLine {
  id: string;
  eventType: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  responseStatus: number | null;
  /** The response body's start, or the error when no answer came. */
  detail: string | null;
  createdAt: Date;
  nextAttemptAt: Date | null;
}

export interface WebhookEndpointLine {
  id: string;
  coachEmail: string | null;
  url: string;
  eventTypes: string[];
  enabled: boolean;
  disabledReason: string | null;
  deliveries: WebhookDeliveryLine[];
}

export async function listWebhooks(platform: CliPlatform, opts: { coachEmail?: string; deliveries?: number } = {}): Promise<WebhookEndpointLine[]> {
  const { rows: endpoints } = await platform.pool.query<{ id: string; email: string | null; url: string; event_types: string[]; enabled: boolean; disabled_reason: string | null }>(
    `SELECT w.id, p.email, w.url, w.event_types, w.enabled, w.disabled_reason
       FROM webhook_endpoints w LEFT JOIN user_profiles p ON p.user_id = w.coach_id
      WHERE $1::text IS NULL OR lower(p.email) = lower($1)
      ORDER BY p.email, w.created_at`,
    [opts.coachEmail ?? null],
  );
  if (endpoints.length === 0) return [];
  const { rows: deliveries } = await platform.pool.query<{
    id: string;
    endpoint_id: string;
    event_type: string;
    status: WebhookDeliveryLine['status'];
    attempts: number;
    response_status: number | null;
    response_body: string | null;
    error: string | null;
    created_at: Date;
    next_attempt_at: Date;
  }>(
    `SELECT d.* FROM unnest($1::uuid[]) AS e(id)
       CROSS JOIN LATERAL (SELECT id, endpoint_id, event_type, status, attempts, response_status, response_body, error, created_at, next_attempt_at
                             FROM webhook_deliveries WHERE endpoint_id = e.id ORDER BY created_at DESC, id LIMIT $2) d`,
    [endpoints.map((e) => e.id), opts.deliveries ?? 5],
  );
  return endpoints.map((e) => ({
    id: e.id,
    coachEmail: e.email,
    url: e.url,
    eventTypes: e.event_types,
    enabled: e.enabled,
    disabledReason: e.disabled_reason,
    deliveries: deliveries
      .filter((d) => d.endpoint_id === e.id)
      .map((d) => ({
        id: d.id,
        eventType: d.event_type,
        status: d.status,
        attempts: d.attempts,
        responseStatus: d.response_status,
        detail: d.error ?? d.response_body,
        createdAt: d.created_at,
        nextAttemptAt: d.status === 'pending' ? d.next_attempt_at : null,
      })),
  }));
}

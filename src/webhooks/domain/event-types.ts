/**
 * The webhook event types a coach may subscribe to, and the test event "Send test
 * event" delivers. Each payload is documented in docs/webhooks.md.
 */
export const WEBHOOK_EVENT_TYPES = ['workout.completed', 'set.logged', 'performance.record', 'athlete.linked', 'athlete.erased'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Sent only by "Send test event", whatever the endpoint subscribes to. */
export const TEST_EVENT_TYPE = 'webhook.test';

export function isWebhookEventType(value: string): value is WebhookEventType {
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);
}

/** The Standard Webhooks envelope: what the receiver gets as the JSON body. */
export interface WebhookPayload {
  type: WebhookEventType | typeof TEST_EVENT_TYPE;
  timestamp: string;
  data: Record<string, unknown>;
}

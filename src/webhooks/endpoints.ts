/**
 * A coach's webhook endpoints and their delivery log (tables of migration 017).
 * Every function takes the coach's id and touches only that coach's rows: another
 * coach's endpoint is simply not found.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { newSecret } from './signing.ts';
import { TEST_EVENT_TYPE, type WebhookPayload } from './domain/event-types.ts';

/** How long the old secret keeps signing after a rotation. */
export const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;

export interface EndpointOut {
  id: string;
  url: string;
  description: string;
  event_types: string[];
  enabled: boolean;
  disabled_reason: string | null;
  previous_secret_until: string | null;
  created_at: string;
  updated_at: string;
}

export interface DeliveryOut {
  id: string;
  event_type: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  response_status: number | null;
  response_body: string | null;
  error: string | null;
  next_attempt_at: string | null;
  created_at: string;
  delivered_at: string | null;
}

const ENDPOINT_COLUMNS = `id, url, description, event_types, enabled, disabled_reason,
  previous_secret_until, created_at, updated_at`;

interface EndpointRow {
  id: string;
  url: string;
  description: string;
  event_types: string[];
  enabled: boolean;
  disabled_reason: string | null;
  previous_secret_until: Date | null;
  created_at: Date;
  updated_at: Date;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function endpointOut(r: EndpointRow, now: Date): EndpointOut {
  return {
    id: r.id,
    url: r.url,
    description: r.description,
    event_types: r.event_types,
    enabled: r.enabled,
    disabled_reason: r.disabled_reason,
    // Once the overlap is over only the new secret signs: say so by saying nothing.
    previous_secret_until: r.previous_secret_until && r.previous_secret_until > now ? r.previous_secret_until.toISOString() : null,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}

export async function listEndpoints(db: pg.Pool, coachId: string, now: Date): Promise<EndpointOut[]> {
  const { rows } = await db.query<EndpointRow>(`SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE coach_id = $1 ORDER BY created_at, id`, [coachId]);
  return rows.map((r) => endpointOut(r, now));
}

export async function createEndpoint(
  db: pg.Pool,
  coachId: string,
  input: { url: string; description: string; eventTypes: string[] },
  now: Date,
): Promise<{ endpoint: EndpointOut; secret: string }> {
  const secret = newSecret();
  const { rows } = await db.query<EndpointRow>(
    // created_at is the database's clock, the one event times come from: the reactor
    // sends an endpoint only what happened after it was added.
    `INSERT INTO webhook_endpoints (id, coach_id, url, description, event_types, secret, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, clock_timestamp(), clock_timestamp()) RETURNING ${ENDPOINT_COLUMNS}`,
    [randomUUID(), coachId, input.url, input.description, input.eventTypes, secret],
  );
  return { endpoint: endpointOut(rows[0], now), secret };
}

export async function updateEndpoint(
  db: pg.Pool,
  coachId: string,
  id: string,
  patch: { url?: string; description?: string; eventTypes?: string[]; enabled?: boolean },
  now: Date,
): Promise<EndpointOut | null> {
  const { rows } = await db.query<EndpointRow>(
    `UPDATE webhook_endpoints SET
       url = coalesce($3, url), description = coalesce($4, description), event_types = coalesce($5, event_types),
       enabled = coalesce($6, enabled),
       disabled_reason = CASE WHEN coalesce($6, enabled) THEN NULL ELSE coalesce(disabled_reason, 'Disabled by you.') END,
       updated_at = $7
     WHERE id = $1 AND coach_id = $2 RETURNING ${ENDPOINT_COLUMNS}`,
    [id, coachId, patch.url ?? null, patch.description ?? null, patch.eventTypes ?? null, patch.enabled ?? null, now],
  );
  return rows[0] ? endpointOut(rows[0], now) : null;
}

export async function deleteEndpoint(db: pg.Pool, coachId: string, id: string): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM webhook_endpoints WHERE id = $1 AND coach_id = $2', [id, coachId]);
  return (rowCount ?? 0) > 0;
}

/** A new secret; the current one keeps signing too until the overlap ends. */
export async function rotateSecret(db: pg.Pool, coachId: string, id: string, now: Date): Promise<{ endpoint: EndpointOut; secret: string } | null> {
  const secret = newSecret();
  const { rows } = await db.query<EndpointRow>(
    `UPDATE webhook_endpoints SET previous_secret = secret, previous_secret_until = $4, secret = $3, updated_at = $5
     WHERE id = $1 AND coach_id = $2 RETURNING ${ENDPOINT_COLUMNS}`,
    [id, coachId, secret, new Date(now.getTime() + ROTATION_OVERLAP_MS), now],
  );
  return rows[0] ? { endpoint: endpointOut(rows[0], now), secret } : null;
}

/** Queues a `webhook.test` delivery; null when the endpoint is not the coach's. */
export async function queueTestEvent(db: pg.Pool, coachId: string, id: string, now: Date): Promise<{ deliveryId: string } | 'disabled' | null> {
  const { rows } = await db.query<{ enabled: boolean }>('SELECT enabled FROM webhook_endpoints WHERE id = $1 AND coach_id = $2', [id, coachId]);
  if (!rows[0]) return null;
  if (!rows[0].enabled) return 'disabled';
  const deliveryId = deliveryIdOf();
  const payload: WebhookPayload = { type: TEST_EVENT_TYPE, timestamp: now.toISOString(), data: { endpointId: id, message: 'This is a test event from Spotter.' } };
  await db.query(
    `INSERT INTO webhook_deliveries (id, endpoint_id, event_id, event_type, payload, next_attempt_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $6)`,
    [deliveryId, id, `test:${randomUUID()}`, TEST_EVENT_TYPE, JSON.stringify(payload), now],
  );
  return { deliveryId };
}

/** A webhook-id: `msg_` and 32 hex digits, fixed when the delivery is queued. */
export function deliveryIdOf(): string {
  return `msg_${randomUUID().replace(/-/g, '')}`;
}

interface DeliveryRow {
  id: string;
  event_type: string;
  status: DeliveryOut['status'];
  attempts: number;
  response_status: number | null;
  response_body: string | null;
  error: string | null;
  next_attempt_at: Date;
  created_at: Date;
  delivered_at: Date | null;
}

/** The newest deliveries of one of the coach's endpoints; null when it is not theirs. */
export async function listDeliveries(db: pg.Pool, coachId: string, endpointId: string, limit = 50): Promise<DeliveryOut[] | null> {
  const { rows: owned } = await db.query('SELECT 1 FROM webhook_endpoints WHERE id = $1 AND coach_id = $2', [endpointId, coachId]);
  if (owned.length === 0) return null;
  const { rows } = await db.query<DeliveryRow>(
    `SELECT id, event_type, status, attempts, response_status, response_body, error, next_attempt_at, created_at, delivered_at
       FROM webhook_deliveries WHERE endpoint_id = $1 ORDER BY created_at DESC, id LIMIT $2`,
    [endpointId, limit],
  );
  return rows.map((r) => ({
    id: r.id,
    event_type: r.event_type,
    status: r.status,
    attempts: r.attempts,
    response_status: r.response_status,
    response_body: r.response_body,
    error: r.error,
    next_attempt_at: r.status === 'pending' ? r.next_attempt_at.toISOString() : null,
    created_at: r.created_at.toISOString(),
    delivered_at: iso(r.delivered_at),
  }));
}

/**
 * A coach's webhook endpoints: list, add (the `whsec_` secret is shown once), change,
 * delete, rotate the secret (the old one keeps signing for a day), send a test event,
 * and the delivery log. Coaches only; another coach's endpoint is "not found".
 */
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { userIdOf } from '../platform/http/auth-hook.ts';
import { DomainError } from '../kernel/decider.ts';
import type { FeatureDeps } from '../feature.ts';
import { WEBHOOK_EVENT_TYPES, isWebhookEventType } from './domain/event-types.ts';
import { createEndpoint, deleteEndpoint, listDeliveries, listEndpoints, queueTestEvent, rotateSecret, updateEndpoint } from './endpoints.ts';
import { endpointUrlProblem } from './safe-request.ts';
import { DeletedOut, DeliveryListOut, EndpointListOut, EndpointOneOut, EndpointWithSecretOut, TestQueuedOut } from './schemas.ts';

const NOT_FOUND = 'Webhook endpoint not found.';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const IdParams = Type.Object({ id: Type.String({ maxLength: 64 }) });
const EventTypes = Type.Array(Type.String({ maxLength: 40 }), { minItems: 1, maxItems: WEBHOOK_EVENT_TYPES.length });
const CreateBody = Type.Object(
  { url: Type.String({ minLength: 1, maxLength: 2000 }), event_types: EventTypes, description: Type.Optional(Type.String({ maxLength: 500 })) },
  { additionalProperties: false },
);
const UpdateBody = Type.Object(
  {
    url: Type.Optional(Type.String({ minLength: 1, maxLength: 2000 })),
    event_types: Type.Optional(EventTypes),
    description: Type.Optional(Type.String({ maxLength: 500 })),
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

const endpointId = (value: string) => {
  if (!UUID.test(value)) throw new DomainError(404, NOT_FOUND);
  return value;
};

function checkedEventTypes(types: string[] | undefined): string[] | undefined {
  if (!types) return undefined;
  const unknown = types.find((t) => !isWebhookEventType(t));
  if (unknown !== undefined) throw new DomainError(400, `Unknown event type "${unknown}". Choose from: ${WEBHOOK_EVENT_TYPES.join(', ')}.`);
  return [...new Set(types)];
}

function checkedUrl(url: string | undefined, allowLoopback: boolean): string | undefined {
  if (url === undefined) return undefined;
  const problem = endpointUrlProblem(url.trim(), allowLoopback);
  if (problem) throw new DomainError(400, problem);
  return url.trim();
}

export function webhookRoutes(app: FastifyInstance, deps: FeatureDeps) {
  const guard = { preHandler: app.requireCoach };
  const tags = ['webhooks'];
  const allowLoopback = deps.config.webhooksAllowLoopback;

  app.get('/api/webhooks', { ...guard, schema: { tags, response: { 200: EndpointListOut } } }, async (req) => ({
    data: await listEndpoints(deps.pool, userIdOf(req), deps.now()),
    event_types: [...WEBHOOK_EVENT_TYPES],
  }));

  app.post<{ Body: Static<typeof CreateBody> }>('/api/webhooks', { ...guard, schema: { tags, body: CreateBody, response: { 201: EndpointWithSecretOut } } }, async (req, reply) => {
    const url = checkedUrl(req.body.url, allowLoopback)!;
    const eventTypes = checkedEventTypes(req.body.event_types)!;
    const { endpoint, secret } = await createEndpoint(deps.pool, userIdOf(req), { url, eventTypes, description: req.body.description?.trim() ?? '' }, deps.now());
    return reply.status(201).send({ data: endpoint, secret });
  });

  app.patch<{ Params: Static<typeof IdParams>; Body: Static<typeof UpdateBody> }>(
    '/api/webhooks/:id',
    { ...guard, schema: { tags, params: IdParams, body: UpdateBody, response: { 200: EndpointOneOut } } },
    async (req) => {
      const id = endpointId(req.params.id);
      const patch = {
        url: checkedUrl(req.body.url, allowLoopback),
        eventTypes: checkedEventTypes(req.body.event_types),
        description: req.body.description?.trim(),
        enabled: req.body.enabled,
      };
      const data = await updateEndpoint(deps.pool, userIdOf(req), id, patch, deps.now());
      if (!data) throw new DomainError(404, NOT_FOUND);
      return { data };
    },
  );

  app.delete<{ Params: Static<typeof IdParams> }>('/api/webhooks/:id', { ...guard, schema: { tags, params: IdParams, response: { 200: DeletedOut } } }, async (req) => {
    if (!(await deleteEndpoint(deps.pool, userIdOf(req), endpointId(req.params.id)))) throw new DomainError(404, NOT_FOUND);
    return { success: true as const };
  });

  app.post<{ Params: Static<typeof IdParams> }>(
    '/api/webhooks/:id/rotate-secret',
    { ...guard, schema: { tags, params: IdParams, response: { 200: EndpointWithSecretOut } } },
    async (req) => {
      const rotated = await rotateSecret(deps.pool, userIdOf(req), endpointId(req.params.id), deps.now());
      if (!rotated) throw new DomainError(404, NOT_FOUND);
      return { data: rotated.endpoint, secret: rotated.secret };
    },
  );

  app.post<{ Params: Static<typeof IdParams> }>(
    '/api/webhooks/:id/test',
    { ...guard, schema: { tags, params: IdParams, response: { 202: TestQueuedOut } } },
    async (req, reply) => {
      const queued = await queueTestEvent(deps.pool, userIdOf(req), endpointId(req.params.id), deps.now());
      if (!queued) throw new DomainError(404, NOT_FOUND);
      if (queued === 'disabled') throw new DomainError(409, 'This endpoint is disabled. Enable it before sending a test event.');
      return reply.status(202).send({ success: true as const, delivery_id: queued.deliveryId });
    },
  );

  app.get<{ Params: Static<typeof IdParams> }>(
    '/api/webhooks/:id/deliveries',
    { ...guard, schema: { tags, params: IdParams, response: { 200: DeliveryListOut } } },
    async (req) => {
      const data = await listDeliveries(deps.pool, userIdOf(req), endpointId(req.params.id));
      if (!data) throw new DomainError(404, NOT_FOUND);
      return { data };
    },
  );
}

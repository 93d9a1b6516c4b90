/**
 * What an operator points tools at: Prometheus metrics, and liveness and readiness
 * answered apart (a load balancer or orchestrator restarts on the first, routes
 * traffic on the second). Also the request id every request carries: taken from
 * X-Request-ID when a proxy set a sane one, sent back in the answer, logged as
 * `reqId`, and entered as the context whose commands stamp it on their events.
 */
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { Type } from '@sinclair/typebox';
import type { EventStore } from '../eventstore/port.ts';
import { isOperator } from '../http/operator.ts';
import { DomainError } from '../../kernel/decider.ts';
import type { ServerMetrics } from './metrics.ts';
import { requestContext } from './request-context.ts';
import { ErrorOut } from '../http/response-schemas.ts';

const Probe = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('unavailable')]),
  reason: Type.Optional(Type.String()),
});

const READ_ONLY = new Set(['GET', 'HEAD', 'OPTIONS']);

export function installObservability(app: FastifyInstance, deps: { metrics: ServerMetrics; pool: pg.Pool; store: EventStore; operatorKey: string }): void {
  app.addHook('onRequest', (req, reply, done) => {
    void reply.header('x-request-id', req.id);
    done();
  });
  // After the body is read: a context entered earlier would not survive the body's
  // stream events. The handler runs inside this call, so its commands see the id.
  app.addHook('preHandler', (req, _reply, done) => requestContext.run({ requestId: req.id }, done));
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url;
    if (!READ_ONLY.has(req.method) && route?.startsWith('/api/')) deps.metrics.observeCommand(`${req.method} ${route}`, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  // Prometheus text format. Operator only: series name projections, pool sizes and backlogs.
  app.get(
    '/api/metrics',
    { schema: { tags: ['platform'], description: 'Prometheus metrics (X-Operator-Key).', produces: ['text/plain'], response: { 200: Type.String(), 403: ErrorOut } } },
    async (req, reply) => {
      if (!isOperator(req, deps.operatorKey)) throw new DomainError(403, 'Metrics are for operators only (X-Operator-Key)');
      const text = await deps.metrics.registry.metrics();
      return reply.type(deps.metrics.registry.contentType).send(text);
    },
  );

  // eslint-disable-next-line @typescript-eslint/require-await -- Fastify route handler: async like every other route
  app.get('/api/health/live', { schema: { tags: ['platform'], description: 'The process answers (restart it when not).', response: { 200: Probe } } }, async () => ({
    status: 'ok' as const,
  }));

  app.get(
    '/api/health/ready',
    { schema: { tags: ['platform'], description: 'Send traffic here: the database and the event store answer.', response: { 200: Probe, 503: Probe } } },
    async (_req, reply) => {
      try {
        await deps.pool.query('SELECT 1');
        await deps.store.headCheckpoint();
        return { status: 'ok' as const };
      } catch {
        return reply.status(503).send({ status: 'unavailable' as const, reason: 'the database or the event store does not answer' });
      }
    },
  );
}

/**
 * Web Push for one's own devices: the server's public key, subscribing a browser
 * (PushSubscription.toJSON() as it comes), removing one, and which pushes to get.
 * Every signed-in account manages its own; anyone else's subscription is "not found".
 */
import type { FastifyInstance } from 'fastify';
import type { Static } from '@sinclair/typebox';
import { userIdOf } from '../platform/http/auth-hook.ts';
import { ErrorOut } from '../platform/http/response-schemas.ts';
import { DomainError } from '../kernel/decider.ts';
import type { FeatureDeps } from '../feature.ts';
import { userTimeZone } from '../accounts/index.ts';
import { endpointUrlProblem } from '../webhooks/index.ts';
import { subscriptionKeysProblem } from './domain/subscription-keys.ts';
import { clip } from './domain/payloads.ts';
import { getPreferences, listSubscriptions, savePreferences, subscribe, SUBSCRIPTION_NOT_FOUND, unsubscribe } from './subscriptions.ts';
import { ensureVapidKeys } from './vapid.ts';
import { IdParams, PreferencesBody, PreferencesOut, PublicKeyOut, RemovedOut, SubscribeBody, SubscriptionListOut, SubscriptionOneOut } from './schemas.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function pushRoutes(app: FastifyInstance, deps: FeatureDeps) {
  const { pool, config, now } = deps;
  const guard = { preHandler: app.requireUser };
  const tags = ['push'];

  app.get('/api/push/public-key', { ...guard, schema: { tags, response: { 200: PublicKeyOut } } }, async () => ({ publicKey: (await ensureVapidKeys(pool)).publicKey }));

  app.get('/api/push/subscriptions', { ...guard, schema: { tags, response: { 200: SubscriptionListOut } } }, async (req) => ({
    subscriptions: await listSubscriptions(pool, userIdOf(req)),
  }));

  app.post<{ Body: Static<typeof SubscribeBody> }>(
    '/api/push/subscriptions',
    { ...guard, schema: { tags, body: SubscribeBody, response: { 200: SubscriptionOneOut, 201: SubscriptionOneOut, '4xx': ErrorOut } } },
    async (req, reply) => {
      const { endpoint, keys } = req.body;
      const problem = endpointUrlProblem(endpoint, config.pushAllowLoopback) ?? subscriptionKeysProblem(keys);
      if (problem) throw new DomainError(400, problem);
      const agent = req.headers['user-agent'];
      const { subscription, created } = await subscribe(pool, userIdOf(req), {
        endpoint,
        p256dh: keys.p256dh,
        auth: keys.auth,
        userAgent: typeof agent === 'string' && agent ? clip(agent, 200) : null,
      });
      return reply.code(created ? 201 : 200).send({ subscription });
    },
  );

  app.delete<{ Params: Static<typeof IdParams> }>(
    '/api/push/subscriptions/:id',
    { ...guard, schema: { tags, params: IdParams, response: { 200: RemovedOut, '4xx': ErrorOut } } },
    async (req) => {
      if (!UUID.test(req.params.id)) throw new DomainError(404, SUBSCRIPTION_NOT_FOUND);
      await unsubscribe(pool, userIdOf(req), req.params.id.toLowerCase());
      return { removed: true };
    },
  );

  app.get('/api/push/preferences', { ...guard, schema: { tags, response: { 200: PreferencesOut } } }, async (req) => ({
    preferences: await getPreferences(pool, userIdOf(req)),
    timeZone: await userTimeZone(pool, userIdOf(req)),
  }));

  app.put<{ Body: Static<typeof PreferencesBody> }>(
    '/api/push/preferences',
    { ...guard, schema: { tags, body: PreferencesBody, response: { 200: PreferencesOut, '4xx': ErrorOut } } },
    async (req) => ({
      preferences: await savePreferences(pool, userIdOf(req), req.body, now()),
      timeZone: await userTimeZone(pool, userIdOf(req)),
    }),
  );
}

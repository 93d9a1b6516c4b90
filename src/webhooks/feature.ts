/**
 * Webhooks (issue 25, item 3): a coach's HTTPS endpoints, the reactor that queues
 * deliveries from the event log, and the sender that delivers them (signed the
 * Standard Webhooks way, retried for about three days, SSRF-safe).
 */
import type { Feature } from '../feature.ts';
import { onSignal, raiseSignal } from '../platform/wake-signals.ts';
import { webhookReactor } from './reactor.ts';
import { webhookRoutes } from './routes.ts';
import { WebhookSender } from './sender.ts';

export const webhooksFeature: Feature = {
  name: 'webhooks',
  reactors: ({ store }) => [webhookReactor(store, () => raiseSignal('webhooks'))],
  routes: webhookRoutes,
  // eslint-disable-next-line @typescript-eslint/require-await -- Feature.start returns a promise
  async start({ pool, config, now }) {
    const sender = new WebhookSender(pool, { allowLoopback: config.webhooksAllowLoopback, appUrl: config.appUrl, now, log: (m) => console.warn(m) });
    sender.start();
    // The reactor may run on the projection thread: its signal reaches this sender through wake-signals.ts.
    const stopListening = onSignal('webhooks', () => void sender.flush());
    return () => {
      stopListening();
      void sender.stop();
    };
  },
};

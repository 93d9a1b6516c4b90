/**
 * Webhooks (issue 25, item 3): a coach's HTTPS endpoints, the reactor that queues
 * deliveries from the event log, and the sender that delivers them (signed the
 * Standard Webhooks way, retried for about three days, SSRF-safe).
 */
import type { Feature } from '../feature.ts';
import { webhookReactor } from './reactor.ts';
import { webhookRoutes } from './routes.ts';
import { WebhookSender } from './sender.ts';

// The reactor is built before the sender exists (the runner starts first); it wakes
// whichever sender this process started. The sender also polls, so nothing waits on this.
let wakeSender: () => void = () => {};

export const webhooksFeature: Feature = {
  name: 'webhooks',
  reactors: ({ store }) => [webhookReactor(store, () => wakeSender())],
  routes: webhookRoutes,
  // eslint-disable-next-line @typescript-eslint/require-await -- Feature.start returns a promise
  async start({ pool, config, now }) {
    const sender = new WebhookSender(pool, { allowLoopback: config.webhooksAllowLoopback, appUrl: config.appUrl, now, log: (m) => console.warn(m) });
    sender.start();
    wakeSender = () => void sender.flush();
    return () => {
      wakeSender = () => {};
      void sender.stop();
    };
  },
};

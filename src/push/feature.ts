/**
 * Web Push (issue 27, item 5): reminders on the phone. The reactor queues pushes from
 * the event log (reactor.ts), a minute timer queues the training-day reminders
 * (reminders.ts), and the sender delivers both (sender.ts), encrypted and signed with
 * the VAPID keys made at the first start (vapid.ts).
 */
import type { Feature } from '../feature.ts';
import { onSignal, raiseSignal } from '../platform/wake-signals.ts';
import { pushReactor } from './reactor.ts';
import { queueReminders } from './reminders.ts';
import { pushRoutes } from './routes.ts';
import { PushSender } from './sender.ts';
import { ensureVapidKeys } from './vapid.ts';

const REMINDER_POLL_MS = 60_000;

export const pushFeature: Feature = {
  name: 'push',
  reactors: ({ store }) => [pushReactor(store, () => raiseSignal('push'))],
  routes: pushRoutes,
  async start({ pool, config, now }) {
    const vapid = await ensureVapidKeys(pool);
    const sender = new PushSender(pool, { allowLoopback: config.pushAllowLoopback, vapid, subject: config.pushSubject, now, log: (m) => console.warn(m) });
    sender.start();
    // The reactor may run on the projection thread: its signal reaches this sender through wake-signals.ts.
    const stopListening = onSignal('push', () => void sender.flush());
    let stopped = false;
    const tick = () =>
      queueReminders(pool, now())
        .then((n) => {
          if (n > 0) void sender.flush();
        })
        .catch((e: Error) => {
          // A pass still running when the server closes loses its pool: nothing to report.
          if (!stopped) console.error(`push reminders: ${e.message}`);
        });
    // unref: the schedule never keeps a stopping server alive; the app stops it on close.
    const timer = setInterval(() => void tick(), REMINDER_POLL_MS);
    timer.unref();
    return () => {
      stopped = true;
      clearInterval(timer);
      stopListening();
      void sender.stop();
    };
  },
};

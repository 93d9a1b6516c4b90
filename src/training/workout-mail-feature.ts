/**
 * The batched "new workout assigned" mail (issue 15): the collector reactor and a
 * minute timer that queues each athlete's due batch (src/training/workout-mail.ts).
 */
import type { Feature } from '../feature.ts';
import { flushWorkoutMails, workoutMailCollector } from './workout-mail.ts';

export const FLUSH_EVERY_MS = 60 * 1000;

export const workoutMailFeature: Feature = {
  name: 'workout-mail',
  projections: [workoutMailCollector()],
  start(deps) {
    const { pool, now, config } = deps;
    const timer = setInterval(() => {
      // The pool ends with the server; the timer goes with it.
      if ((pool as unknown as { ended?: boolean }).ended) {
        clearInterval(timer);
        return;
      }
      flushWorkoutMails(pool, now(), config.appUrl).catch(() => {
        // A failed flush leaves the rows pending; the next minute tries again.
      });
    }, FLUSH_EVERY_MS);
    timer.unref();
    return Promise.resolve(() => clearInterval(timer));
  },
};

/**
 * Retention (issue 26, item 4): the server sweeps kept data past its period at start
 * and then every hour (sweep.ts). Several servers may sweep at once: a sweep only
 * clears what is still there, so they never disagree. `spotter retention` runs the same sweep.
 */
import type { Feature } from '../feature.ts';
import { sweepRetention } from './sweep.ts';

const EVERY_MS = 60 * 60 * 1000;

export const retentionFeature: Feature = {
  name: 'retention',
  // eslint-disable-next-line @typescript-eslint/require-await -- Feature.start returns a promise
  async start({ pool, config, now }) {
    const sweep = () => void sweepRetention(pool, config.retention, now()).catch((e: unknown) => console.warn(`retention sweep: ${(e as Error).message}`));
    sweep();
    const timer = setInterval(sweep, EVERY_MS);
    timer.unref();
    return () => clearInterval(timer);
  },
};

/**
 * Weekly recaps (issue #13): the recap aggregate's mail, the `weekly_recaps` read
 * model and the server's Monday schedule. `spotter recap` sends through the same code.
 */
import type { Feature } from '../feature.ts';
import type { RecapEvent } from './domain/recap.ts';
import { weeklyRecapsProjection } from '../../projections/recaps/weekly-recaps.ts';
import { runScheduledRecaps } from './schedule.ts';
import { weekRange } from './domain/iso-week.ts';

const SCHEDULE_POLL_MS = 60_000;

export const recapsFeature: Feature = {
  name: 'recaps',
  projections: [weeklyRecapsProjection],
  mailRules: {
    // eslint-disable-next-line @typescript-eslint/require-await -- MailRule returns a promise; async keeps a throw on a malformed event a rejection
    async WeeklyRecapSent(e, { appUrl }) {
      const d = (e as unknown as RecapEvent).data;
      return [{ kind: 'weekly-recap', recipient: d.email, data: { name: d.name, summary: d.summary, period: weekRange(d.week) ?? undefined, link: `${appUrl}/training` } }];
    },
  },
  start(deps) {
    const schedule = deps.config.recapSchedule;
    if (!schedule) return Promise.resolve();
    let stopped = false;
    const tick = () =>
      runScheduledRecaps(deps, schedule).catch((e: Error) => {
        // A pass still running when the server closes loses its pool: nothing to report.
        if (!stopped) console.error(`weekly recaps: ${e.message}`);
      });
    // unref: the schedule never keeps a stopping server alive; the app stops it on close.
    const timer = setInterval(() => void tick(), SCHEDULE_POLL_MS);
    timer.unref();
    void tick();
    return Promise.resolve(() => {
      stopped = true;
      clearInterval(timer);
    });
  },
};

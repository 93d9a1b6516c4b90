/** weekly_recaps: which athlete was sent which week's recap (for the schedule, `spotter status` and the dashboard). */
import type { RecapEvent } from '../../src/recaps/domain/recap.ts';
import type { Projection } from '../../src/platform/projections/projection.ts';
import { topicOf } from '../../src/kernel/topics.ts';

export const weeklyRecapsProjection: Projection = {
  name: 'weekly_recaps',
  version: 1,
  handles: ['WeeklyRecapSent'],
  tables: {
    weekly_recaps: (t) => `
      CREATE TABLE ${t} (
        athlete_id         uuid NOT NULL,
        week               text NOT NULL,
        workouts_completed int NOT NULL,
        sent_at            timestamptz NOT NULL,
        PRIMARY KEY (athlete_id, week)
      );`,
  },
  async apply(events, { tx, table }) {
    const rows = events.map((stored) => {
      const e = stored as unknown as RecapEvent;
      return { athlete: e.data.athleteId, week: e.data.week, workouts: e.data.summary.workoutsCompleted, at: stored.time };
    });
    if (rows.length === 0) return [];
    // One statement for the whole batch; a replayed event finds its row and changes nothing.
    await tx.query(
      `INSERT INTO ${table('weekly_recaps')} (athlete_id, week, workouts_completed, sent_at)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::int[], $4::timestamptz[])
       ON CONFLICT (athlete_id, week) DO NOTHING`,
      [rows.map((r) => r.athlete), rows.map((r) => r.week), rows.map((r) => r.workouts), rows.map((r) => r.at)],
    );
    return rows.map((r) => topicOf.user(r.athlete));
  },
};

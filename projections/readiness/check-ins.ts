/**
 * readiness_check_ins: one row per athlete and local day, the day's latest answer
 * (a correction replaces the row). The score is the mean of the four answers
 * (src/readiness/domain/baseline.ts), kept so the queries read it without recomputing.
 * One statement per batch; within a batch the last answer of a day wins.
 */
import type { Projection } from '../../src/platform/projections/projection.ts';
import { topicOf } from '../../src/kernel/topics.ts';
import { READINESS_EVENT_TYPES, type ReadinessEvent } from '../../src/readiness/domain/events.ts';
import { readinessScore } from '../../src/readiness/domain/baseline.ts';

export const readinessCheckInsProjection: Projection = {
  name: 'readiness_check_ins',
  version: 1,
  handles: READINESS_EVENT_TYPES,
  tables: {
    readiness_check_ins: (t) => `
      CREATE TABLE ${t} (
        athlete_id    uuid NOT NULL,
        date          date NOT NULL,
        sleep         smallint NOT NULL,
        soreness      smallint NOT NULL,
        stress        smallint NOT NULL,
        energy        smallint NOT NULL,
        score         numeric NOT NULL,
        note          text,
        checked_in_at timestamptz NOT NULL,
        PRIMARY KEY (athlete_id, date)
      );`,
  },
  async apply(events, { tx, table }) {
    const byDay = new Map<string, { d: ReadinessEvent['data']; at: Date }>();
    for (const stored of events) {
      const e = stored as unknown as ReadinessEvent;
      byDay.set(`${e.data.athleteId}|${e.data.date}`, { d: e.data, at: stored.time });
    }
    const rows = [...byDay.values()];
    if (rows.length === 0) return [];
    await tx.query(
      `INSERT INTO ${table('readiness_check_ins')} (athlete_id, date, sleep, soreness, stress, energy, score, note, checked_in_at)
       SELECT * FROM unnest($1::uuid[], $2::date[], $3::smallint[], $4::smallint[], $5::smallint[], $6::smallint[], $7::numeric[], $8::text[], $9::timestamptz[])
       ON CONFLICT (athlete_id, date) DO UPDATE SET sleep = EXCLUDED.sleep, soreness = EXCLUDED.soreness, stress = EXCLUDED.stress,
         energy = EXCLUDED.energy, score = EXCLUDED.score, note = EXCLUDED.note, checked_in_at = EXCLUDED.checked_in_at`,
      [
        rows.map((r) => r.d.athleteId),
        rows.map((r) => r.d.date),
        rows.map((r) => r.d.sleep),
        rows.map((r) => r.d.soreness),
        rows.map((r) => r.d.stress),
        rows.map((r) => r.d.energy),
        rows.map((r) => readinessScore(r.d)),
        rows.map((r) => r.d.note),
        rows.map((r) => r.at),
      ],
    );
    return new Set(rows.map((r) => topicOf.athlete(r.d.athleteId)));
  },
};

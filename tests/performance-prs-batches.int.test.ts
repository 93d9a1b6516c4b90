/**
 * "New PR" news is a function of the event sequence alone: the training projection
 * applied to the same events in batches of one, of a few, and all at once (what a
 * rebuild does) writes the same `performance_prs` rows, and those are the news a coach
 * expects: each entry judged against what the athlete held just before it, with
 * corrected, deleted and removed entries taking their values with them.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
// The platform's pg type parsers (dates as 'YYYY-MM-DD' text), as the server's projections read them.
import '../src/platform/start.ts';
import { PostgresEventStore } from '../src/platform/eventstore/postgres.ts';
import type { ExpectedVersion, StoredEvent } from '../src/platform/eventstore/port.ts';
import { historyReader } from '../src/platform/projections/projection.ts';
import { performanceRecordsProjection } from '../projections/performance/performance-records.ts';
import { createGeneration, tableMap } from '../src/platform/projections/schema.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';

let db: TestDatabase;
let log: StoredEvent[] = [];
let store: PostgresEventStore;
/** For each event that should be news, its index in `log` and what the coach reads. */
const expectedNews: { step: number; athlete: string; exercise: string; weight: number; previous: number }[] = [];

const ann = randomUUID();
const bob = randomUUID();

beforeAll(async () => {
  db = await createTestDatabase();
  store = new PostgresEventStore(db.pool);
  const versions = new Map<string, number>();
  let step = 0;
  /** Appends one event (each its own append, so each has its own time and position). */
  const add = async (stream: string, type: string, data: object, news?: { athlete: string; exercise: string; weight: number; previous: number }) => {
    const expected: ExpectedVersion = versions.get(stream) ?? 'no_stream';
    const res = await store.append(stream, [{ type, data }], expected);
    versions.set(stream, res.nextExpectedVersion);
    if (news) expectedNews.push({ step, ...news });
    step++;
  };
  const workouts = new Map<string, { athleteId: string; date: string; exercise: string; reps: number }>();
  const schedule = async (athleteId: string, date: string, exercise: string, reps: number, load: number, news?: number) => {
    const workoutId = randomUUID();
    workouts.set(workoutId, { athleteId, date, exercise, reps });
    const exercises = [{ exercise_name: exercise, sets: [{ reps, load, actual: { reps, load } }] }];
    await add(
      `workout-${workoutId}`,
      'WorkoutScheduled',
      { workoutId, athleteId, scheduledBy: athleteId, date, name: `${exercise} day`, notes: null, exercises },
      news === undefined ? undefined : { athlete: athleteId, exercise, weight: load, previous: news },
    );
    return workoutId;
  };
  const actual = async (workoutId: string, load: number, news?: number) => {
    const w = workouts.get(workoutId)!;
    await add(
      `workout-${workoutId}`,
      'SetActualRecorded',
      { workoutId, athleteId: w.athleteId, date: w.date, exerciseIndex: 0, exerciseName: w.exercise, setIndex: 0, actual: { reps: w.reps, load } },
      news === undefined ? undefined : { athlete: w.athleteId, exercise: w.exercise, weight: load, previous: news },
    );
  };
  const logEntry = async (athleteId: string, exercise: string, reps: number | null, value: number, date: string, news?: number) => {
    const entryId = randomUUID();
    const time = reps === null;
    await add(
      `performance-entry-${entryId}`,
      'PerformanceLogged',
      { entryId, athleteId, exerciseName: exercise, exerciseType: time ? 'time' : 'strength', value, reps, unit: time ? 'seconds' : 'lbs', date, loggedBy: athleteId },
      news === undefined ? undefined : { athlete: athleteId, exercise, weight: value, previous: news },
    );
    return { entryId, athleteId };
  };

  await schedule(ann, '2025-05-01', 'Bench Press', 5, 100); // a first record is not news
  const w2 = await schedule(ann, '2025-05-02', 'Bench Press', 5, 105, 100);
  await schedule(bob, '2025-05-02', 'Bench Press', 5, 300); // another athlete's first: not news, and not Ann's
  // Successive PRs of one exercise in one workout: each over the one before it.
  await actual(w2, 110, 105);
  await actual(w2, 115, 110);
  await schedule(ann, '2025-05-03', 'Bench Press', 5, 112); // under 115: not news
  await actual(w2, 95); // a corrected actual takes its 115 with it: 112 is the best now
  const w4 = await schedule(ann, '2025-05-04', 'Bench Press', 5, 113, 112);
  await schedule(bob, '2025-05-04', 'Bench Press', 5, 310, 300);
  const heavy = await logEntry(ann, 'Bench Press', 5, 120, '2025-05-05', 113);
  await schedule(ann, '2025-05-05', 'Bench Press', 5, 116); // under the 120 still held: not news
  await add(`performance-entry-${heavy.entryId}`, 'PerformanceEntryRemoved', { entryId: heavy.entryId, athleteId: ann, removedBy: ann });
  await logEntry(ann, 'Bench Press', 5, 118, '2025-05-06', 116); // the removed 120 no longer counts
  await add(`workout-${w4}`, 'WorkoutDeleted', { workoutId: w4, athleteId: ann, date: '2025-05-04' });
  await schedule(ann, '2025-05-07', 'Bench Press', 5, 119, 118);
  await actual(w2, 115); // back to a value that was news once: under 119 now, and news only once anyway
  // Time-type: lower is better.
  await logEntry(ann, '40 Yard Dash', null, 4.9, '2025-05-01');
  await logEntry(ann, '40 Yard Dash', null, 4.7, '2025-05-02', 4.9);
  await logEntry(ann, '40 Yard Dash', null, 5.1, '2025-05-03');
  await logEntry(ann, '40 Yard Dash', null, 4.7, '2025-05-04'); // a tie is not news

  // One read can stop short of the newest appends: the store's read horizon stops below a
  // transaction it cannot yet rule out, and the cluster is shared with other test files.
  await vi.waitFor(
    async () => {
      log = await store.readAll(null, 10_000);
      expect(log).toHaveLength(step);
    },
    { timeout: 20_000, interval: 50 },
  );
}, 60_000);
afterAll(async () => db?.drop());

interface NewsRow {
  id: string;
  athlete_id: string;
  exercise_name: string;
  weight: number;
  previous: number;
  recorded_at: string;
}

/** Applies the log to a fresh copy of the performance records tables in batches of `size`; returns its news and records. */
async function applyInBatches(size: number, generation: number): Promise<{ news: NewsRow[]; rows: Record<string, string[]> }> {
  const client = await db.pool.connect();
  try {
    await client.query('BEGIN');
    await createGeneration(client, performanceRecordsProjection, generation);
    const table = tableMap(performanceRecordsProjection, generation);
    for (let i = 0; i < log.length; i += size) await performanceRecordsProjection.apply(log.slice(i, i + size), { tx: client, table, history: historyReader(store) });
    const { rows: news } = await client.query<NewsRow>(
      `SELECT id, athlete_id, exercise_name, weight::float8 AS weight, previous::float8 AS previous, recorded_at FROM ${table('performance_prs')} ORDER BY recorded_at, id`,
    );
    const rows: Record<string, string[]> = {};
    for (const t of ['performance_prs', 'athlete_performance_records', 'athlete_best_records']) {
      const { rows: r } = await client.query<{ r: unknown }>(`SELECT to_jsonb(x) AS r FROM ${table(t)} x`);
      rows[t] = r.map((row) => JSON.stringify(row.r)).sort();
    }
    return { news, rows };
  } finally {
    await client.query('ROLLBACK');
    client.release();
  }
}

describe('New PR news', () => {
  it('is the same row for row whatever the batch boundaries, and says what the athlete beat just before each entry', async () => {
    const oneByOne = await applyInBatches(1, 901);
    // Each entry is news over what the athlete held just before it; recorded when its event happened.
    // (Events can share a millisecond, so both lists are compared in one fixed order.)
    const inOrder = (rows: object[]) => rows.map((r) => JSON.stringify(r)).sort();
    const seen = oneByOne.news.map((n) => ({
      athlete: n.athlete_id,
      exercise: n.exercise_name,
      weight: n.weight,
      previous: n.previous,
      at: new Date(n.recorded_at).toISOString(),
    }));
    const expected = expectedNews.map((n) => ({ athlete: n.athlete, exercise: n.exercise, weight: n.weight, previous: n.previous, at: log[n.step].time.toISOString() }));
    expect(inOrder(seen)).toEqual(inOrder(expected));

    for (const [size, generation] of [
      [2, 902],
      [3, 903],
      [5, 905],
      [log.length, 999],
    ]) {
      const batched = await applyInBatches(size, generation);
      expect(batched.rows, `batches of ${size}`).toEqual(oneByOne.rows);
    }
  });
});

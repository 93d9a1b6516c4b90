/**
 * Compliance read model: per athlete per day, the sets that prescribe reps and of
 * those the sets with actual reps above 0 (the spec's compliance rule), plus an
 * all-time total per athlete. The clients list answers 7d/30d/90d/All from these
 * rows (src/training/compliance-query.ts).
 *
 * Coaches follow `coach:<coachId>`: when an athlete's figures move, each of the
 * athlete's linked coaches is told, so the client cards refresh.
 */
import type pg from 'pg';
import { workoutFigures } from '../../src/training/domain/summaries.ts';
import { addDeltas, DeltaSum } from '../../src/platform/projections/deltas.ts';
import type { StatementBatch } from '../../src/platform/projections/statement-batch.ts';
import type { WorkoutChange, WorkoutRow } from '../../src/training/domain/workout-row.ts';
import { linkedCoachIds } from '../../src/coaching/index.ts';
import { topicOf } from '../../src/kernel/topics.ts';

export const complianceTables = {
  compliance_daily: (t: string) => `
    CREATE TABLE ${t} (
      athlete_id      uuid NOT NULL,
      date            date NOT NULL,
      prescribed_sets int NOT NULL,
      done_sets       int NOT NULL,
      PRIMARY KEY (athlete_id, date)
    )`,
  compliance_totals: (t: string) => `
    CREATE TABLE ${t} (
      athlete_id      uuid PRIMARY KEY,
      prescribed_sets int NOT NULL,
      done_sets       int NOT NULL
    )`,
};

const VALUES = ['prescribed_sets', 'done_sets'] as const;
const valueCols: [string, string][] = [
  ['prescribed_sets', 'int'],
  ['done_sets', 'int'],
];

/** Adds the day and total deltas to the batch's writes; returns the athletes whose figures changed. */
export function applyCompliance(changes: readonly WorkoutChange[], writes: StatementBatch, table: (logical: string) => string): Set<string> {
  const daily = new DeltaSum(VALUES);
  const totals = new DeltaSum(VALUES);
  const count = (row: WorkoutRow | null, sign: 1 | -1) => {
    if (!row || row.deleted) return;
    const f = workoutFigures(row.exercises);
    const values = { prescribed_sets: f.prescribedSets, done_sets: f.doneSets };
    daily.add({ athlete_id: row.athleteId, date: row.date }, values, sign);
    totals.add({ athlete_id: row.athleteId }, values, sign);
  };
  for (const change of changes) {
    count(change.before, -1);
    count(change.after, 1);
  }
  const dayRows = daily.nonZero();
  const empty = 'cur.prescribed_sets <= 0 AND cur.done_sets <= 0';
  addDeltas(
    writes,
    table('compliance_daily'),
    [
      ['athlete_id', 'uuid'],
      ['date', 'date'],
    ],
    valueCols,
    dayRows,
    empty,
  );
  addDeltas(writes, table('compliance_totals'), [['athlete_id', 'uuid']], valueCols, totals.nonZero(), empty);
  return new Set(dayRows.map((r) => r.athlete_id as string));
}

/** `coach:<id>` topics for the linked coaches of these athletes, in one query. */
export async function coachTopics(tx: pg.PoolClient, athleteIds: Set<string>): Promise<string[]> {
  return (await linkedCoachIds(tx, athleteIds)).map(topicOf.coach);
}

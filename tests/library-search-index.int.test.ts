import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installProjection } from '../src/platform/projections/schema.ts';
import { exerciseCountQuery, exercisePageQuery } from '../src/library/queries.ts';
import { exercisesProjection } from '../projections/library/exercises.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';

const READER = '44444444-4444-4444-8444-444444444444';
let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
  await installProjection(db.pool, exercisesProjection);
  // 10,000 exercises: a shared catalogue part and one coach's own, most working the
  // quads, a few a rarely used muscle. Written straight into the read model: this
  // test is about the query plan, not the projection.
  await db.pool.query(`
    INSERT INTO exercises_g1 (id, name, pattern, muscles, joints, use_case, created_by, created_at, updated_at, stream_version)
    SELECT 'catalogue-gen-' || i,
           initcap(md5(i::text)) || ' Generated Lift ' || i,
           CASE i % 3 WHEN 0 THEN 'Squat' WHEN 1 THEN 'Hinge' ELSE 'Lunge' END,
           CASE WHEN i % 500 = 0 THEN ARRAY['Rare Muscle'] ELSE ARRAY['Quadriceps', 'Glutes'] END,
           ARRAY['Knee'], 'generated',
           CASE WHEN i % 2 = 0 THEN NULL ELSE '${READER}'::uuid END,
           now(), now(), 0
    FROM generate_series(1, 10000) AS i`);
  await db.pool.query('ANALYZE exercises_g1');
});
afterAll(async () => db.drop());

async function plan(query: { text: string; values: unknown[] }): Promise<string> {
  const { rows } = await db.pool.query(`EXPLAIN ${query.text}`, query.values);
  return rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n');
}

describe('exercise search on 10,000 exercises', () => {
  it('finds a name fragment through the trigram index on lower(name)', async () => {
    const { rows } = await db.pool.query(`SELECT lower(substr(name, 3, 6)) AS fragment FROM exercises WHERE id = 'catalogue-gen-4242'`);
    const filter = { userId: READER, search: rows[0].fragment as string };
    const page = await plan(exercisePageQuery(filter, 50, 0));
    expect(page).toContain('exercises_g1_name_trgm');
    expect(page).not.toMatch(/Seq Scan on exercises_g1/);
    expect(await plan(exerciseCountQuery(filter))).toContain('exercises_g1_name_trgm');

    const found = await db.pool.query(exercisePageQuery(filter, 50, 0));
    expect(found.rows.map((r) => r.id)).toContain('catalogue-gen-4242');
  });

  it('filters a rarely used muscle through the GIN index on muscles', async () => {
    const query = exercisePageQuery({ userId: READER, muscle: 'Rare Muscle' }, 50, 0);
    expect(await plan(query)).toContain('exercises_g1_muscles');
    expect((await db.pool.query(query)).rows).toHaveLength(20);
  });
});

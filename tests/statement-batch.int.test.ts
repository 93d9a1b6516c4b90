/**
 * A projection's writes go to PostgreSQL as one query of several statements, values as
 * literals (src/platform/projections/statement-batch.ts). What a user typed must arrive
 * as typed, whatever quotes, backslashes or escapes it holds, and the statements must
 * run in order (a clean-up sees the upsert before it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StatementBatch, sqlLiteral } from '../src/platform/projections/statement-batch.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

const TEXTS = [
  "O'Brien's 'deadlift'",
  'C:\\lifts\\new \\n not a newline',
  '"quoted" and \\"escaped\\"',
  "''; DROP TABLE lifts; --",
  "E'\\x41' $$ $tag$ dollar quotes",
  'tab\tnewline\nreturn\r',
  'emoji 🏋️‍♀️ and ünïcödé',
  '',
];

describe('statement batch', () => {
  it('carries every text as typed through a JSON literal', async () => {
    const batch = new StatementBatch();
    batch.add(`SELECT x.name FROM json_to_recordset(${batch.json(TEXTS.map((name) => ({ name })))}::json) AS x(name text)`);
    const client = await db.pool.connect();
    try {
      const [result] = await batch.send(client);
      expect(result.rows.map((r: { name: string }) => r.name)).toEqual(TEXTS);
    } finally {
      client.release();
    }
  });

  it('quotes a literal PostgreSQL reads back unchanged', async () => {
    for (const text of TEXTS) {
      const { rows } = await db.pool.query<{ t: string }>(`SELECT ${sqlLiteral(text)}::text AS t`);
      expect(rows[0].t).toBe(text);
    }
  });

  it('runs its statements in order in one query and answers each', async () => {
    const client = await db.pool.connect();
    try {
      await client.query('CREATE TEMP TABLE sums (k text PRIMARY KEY, n int NOT NULL)');
      const batch = new StatementBatch();
      batch.add(
        `INSERT INTO sums SELECT * FROM json_to_recordset(${batch.json([
          { k: 'a', n: 2 },
          { k: 'b', n: 1 },
        ])}::json) AS x(k text, n int)`,
      );
      batch.add(`UPDATE sums SET n = n - 1`);
      batch.add(`DELETE FROM sums WHERE n <= 0`);
      batch.add(`SELECT k, n FROM sums ORDER BY k`);
      const results = await batch.send(client);
      expect(results).toHaveLength(4);
      expect(results[3].rows).toEqual([{ k: 'a', n: 1 }]);
    } finally {
      client.release();
    }
  });
});

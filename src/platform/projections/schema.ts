/**
 * Copies ("generations") of a projection's tables. Queries read a view named after
 * each logical table; the view points at the serving generation, so a rebuild can
 * fill the next generation beside it and switch by replacing the views.
 */
import type pg from 'pg';
import type { Checkpoint } from '../eventstore/port.ts';
import { physicalTable, type Projection } from './projection.ts';
import { SCHEMA_LOCK } from '../locks.ts';

export interface InstalledState {
  generation: number;
  version: number;
  checkpoint: Checkpoint | null;
}

export function tableMap(p: Projection, generation: number): (logical: string) => string {
  return (logical) => {
    if (!(logical in p.tables)) throw new Error(`Projection ${p.name} has no table ${logical}`);
    return physicalTable(logical, generation);
  };
}

export async function createGeneration(db: pg.PoolClient | pg.Pool, p: Projection, generation: number): Promise<void> {
  for (const [logical, ddl] of Object.entries(p.tables)) {
    const physical = physicalTable(logical, generation);
    await db.query(`DROP TABLE IF EXISTS ${physical} CASCADE`);
    await db.query(ddl(physical));
  }
}

export async function pointViewsAt(db: pg.PoolClient | pg.Pool, p: Projection, generation: number): Promise<void> {
  for (const logical of p.retiredTables ?? []) await db.query(`DROP VIEW IF EXISTS ${logical}`);
  for (const logical of Object.keys(p.tables)) {
    // DROP + CREATE rather than CREATE OR REPLACE: a new version may change columns.
    await db.query(`DROP VIEW IF EXISTS ${logical}`);
    await db.query(`CREATE VIEW ${logical} AS SELECT * FROM ${physicalTable(logical, generation)}`);
  }
}

/** Creates generation 1 on first sight of a projection; returns the serving state. */
export async function installProjection(pool: pg.Pool, p: Projection): Promise<InstalledState> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [SCHEMA_LOCK, p.name]);
    const { rows } = await client.query<InstalledState>('SELECT generation, version, checkpoint FROM projection_checkpoints WHERE projection = $1', [p.name]);
    if (rows[0]) {
      await client.query('COMMIT');
      return rows[0];
    }
    await createGeneration(client, p, 1);
    await pointViewsAt(client, p, 1);
    await client.query('INSERT INTO projection_checkpoints (projection, generation, version, checkpoint) VALUES ($1, 1, $2, NULL)', [p.name, p.version]);
    await client.query('COMMIT');
    return { generation: 1, version: p.version, checkpoint: null };
  } catch (e) {
    await client.query('ROLLBACK').catch(() => {});
    throw e;
  } finally {
    client.release();
  }
}

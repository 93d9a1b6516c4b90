/** `spotter export --user <email> --out file.zip`: the person's data archive, the same one "Download my data" streams. */
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { dataArchive } from '../../src/data-export/index.ts';
import { accountId } from './export.ts';

export async function runDataExport(pool: pg.Pool, email: string, out: Writable, now: Date = new Date()): Promise<void> {
  const userId = await accountId(pool, email);
  await pipeline(dataArchive(pool, userId, now).outputStream, out);
}

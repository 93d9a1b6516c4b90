/**
 * The erase log outside the database (issue 26): one JSON line per destroyed key,
 * `{ subject_id, key_id, final, erased_at }`: ids only, nothing personal. A backup
 * holds the keys as they were when it was taken; this file, kept next to the backups,
 * is what tells a restore which of them were destroyed since.
 *
 * Written by `spotter erase`, by the server's own erasures when `SPOTTER_ERASE_LOG`
 * names the file, and by `spotter backup` (the database's whole log merged in, so
 * erasures from Settings are in it at the latest with the next backup). Read by
 * `spotter restore`, which re-applies it (cli/lib/backup.ts).
 */
import fs from 'node:fs/promises';
import type pg from 'pg';

export interface ErasureEntry {
  subject_id: string;
  key_id: string;
  final: boolean;
  erased_at: string;
}

const keyOf = (e: Pick<ErasureEntry, 'subject_id' | 'key_id'>) => `${e.subject_id}\u0000${e.key_id}`;

/** The database's erasures, all of them or those of some subjects. */
export async function erasuresInDatabase(db: pg.Pool | pg.ClientBase, subjects?: string[]): Promise<ErasureEntry[]> {
  const { rows } = await db.query<ErasureEntry>(
    `SELECT subject_id, key_id, final, to_char(erased_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS erased_at
       FROM personal_data_erasures ${subjects ? 'WHERE subject_id = ANY($1::text[])' : ''} ORDER BY erased_at, subject_id`,
    subjects ? [subjects] : [],
  );
  return rows;
}

/** The file's entries; a missing file is an empty log, a malformed line an error (a log must not be half-read). */
export async function readEraseLog(file: string): Promise<ErasureEntry[]> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw e;
  }
  return text
    .split('\n')
    .map((l, i) => [l.trim(), i + 1] as const)
    .filter(([l]) => l)
    .map(([l, n]) => {
      let v: Partial<ErasureEntry>;
      try {
        v = JSON.parse(l) as Partial<ErasureEntry>;
      } catch {
        throw new Error(`${file}:${n}: not an erase log line`);
      }
      if (typeof v.subject_id !== 'string' || typeof v.key_id !== 'string' || typeof v.final !== 'boolean') throw new Error(`${file}:${n}: not an erase log line`);
      return { subject_id: v.subject_id, key_id: v.key_id, final: v.final, erased_at: String(v.erased_at ?? '') };
    });
}

/** Appends the entries the file does not hold yet (owner-readable only); returns how many were new. */
export async function appendEraseLog(file: string, entries: ErasureEntry[]): Promise<number> {
  const known = new Set((await readEraseLog(file)).map(keyOf));
  const fresh = entries.filter((e) => !known.has(keyOf(e)) && (known.add(keyOf(e)), true));
  if (fresh.length) await fs.appendFile(file, fresh.map((e) => `${JSON.stringify(e)}\n`).join(''), { mode: 0o600 });
  return fresh.length;
}

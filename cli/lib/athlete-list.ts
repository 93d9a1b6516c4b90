/**
 * The athletes of `spotter assign`: e-mails from `--athletes a@x,b@y` or a CSV file
 * whose header has an `email` column. Each line is kept with its number, so a problem
 * is reported where the staff member can find it.
 */
import { UsageError } from '../command.ts';

export interface AthleteEntry {
  /** 1-based line of the CSV file, or position in the --athletes list. */
  line: number;
  email: string;
}

const MAX_ATHLETES = 5000;

/** One CSV line into fields: commas, double quotes around a field, "" for a quote inside. */
export function csvFields(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') (field += '"'), i++;
      else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') fields.push(field), (field = '');
    else field += ch;
  }
  fields.push(field);
  return fields.map((f) => f.trim());
}

export function athletesFromCsv(text: string): AthleteEntry[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = csvFields(lines[0] ?? '').map((h) => h.toLowerCase());
  const column = header.indexOf('email');
  if (column === -1) throw new UsageError('The athletes file needs a header line with an "email" column.');
  const entries: AthleteEntry[] = [];
  lines.slice(1).forEach((raw, i) => {
    if (raw.trim() === '') return;
    entries.push({ line: i + 2, email: (csvFields(raw)[column] ?? '').toLowerCase() });
  });
  if (entries.length > MAX_ATHLETES) throw new UsageError(`At most ${MAX_ATHLETES} athletes at once; the file has ${entries.length}.`);
  return entries;
}

export function athletesFromList(list: string): AthleteEntry[] {
  const entries = list
    .split(',')
    .map((email, i) => ({ line: i + 1, email: email.trim().toLowerCase() }))
    .filter((e) => e.email !== '');
  if (entries.length === 0) throw new UsageError('--athletes names no e-mail.');
  if (entries.length > MAX_ATHLETES) throw new UsageError(`At most ${MAX_ATHLETES} athletes at once.`);
  return entries;
}

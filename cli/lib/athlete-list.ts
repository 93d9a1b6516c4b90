/**
 * The athletes of `spotter assign`: e-mails from `--athletes a@x,b@y` or a CSV file
 * whose header has an `email` column, read with csv-parse. Each row is kept with its
 * line number and, when it is unusable, the reason, so that a problem is reported
 * where the staff member can find it (and `--all-or-nothing` can refuse the lot).
 */
import { parse, CsvError } from 'csv-parse/sync';
import { UsageError } from '../command.ts';

export interface AthleteEntry {
  /** 1-based line of the CSV file, or position in the --athletes list. */
  line: number;
  email: string;
  /** Why the row cannot be used (bad column count, empty or malformed address); absent when it can. */
  problem?: string;
}

const MAX_ATHLETES = 5000;
/** Enough for an address; anything longer is not one (RFC 5321 caps a path at 256). */
const MAX_EMAIL = 254;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const EMAIL = /^[^\s@",;<>]+@[^\s@",;<>]+\.[^\s@",;<>]+$/;

export function emailProblem(email: string): string | undefined {
  if (email === '') return 'no e-mail address in the email column';
  if (email.length > MAX_EMAIL) return `not an e-mail address (longer than ${MAX_EMAIL} characters)`;
  // NUL and other controls, lone surrogates: never part of an address.
  if (/[\p{Cc}]/u.test(email) || LONE_SURROGATE.test(email)) return 'not an e-mail address (control or invalid characters)';
  if (!EMAIL.test(email)) return `not an e-mail address: "${email}"`;
  return undefined;
}

/** The header line's separator: a comma, or `;` / tab when the header has those and no comma (spreadsheets in many locales). */
function delimiterOf(text: string): string {
  const header = text.split(/\r?\n/, 1)[0] ?? '';
  if (header.includes(',')) return ',';
  if (header.includes(';')) return ';';
  if (header.includes('\t')) return '\t';
  return ',';
}

export function athletesFromCsv(text: string): AthleteEntry[] {
  const body = text.replace(/^\uFEFF/, '');
  const delimiter = delimiterOf(body);
  let lastGoodLine = 0;
  type Row = { record: string[]; raw: string; info: { lines: number } };
  let rows: Row[];
  try {
    rows = parse(body, {
      delimiter,
      info: true,
      raw: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      on_record: (record, context) => {
        lastGoodLine = context.lines;
        return record;
      },
    }) as unknown as Row[];
  } catch (e) {
    if (!(e instanceof CsvError)) throw e;
    // The record after the last one read is where the file went wrong.
    const line = lastGoodLine + 1;
    const reason =
      e.code === 'CSV_QUOTE_NOT_CLOSED'
        ? 'a quote opened here is never closed'
        : e.code === 'CSV_INVALID_CLOSING_QUOTE'
          ? 'a quote closes in the middle of a field'
          : e.message.replace(/^[A-Za-z ]+:\s*/, '');
    throw new UsageError(`The athletes file cannot be read at line ${line}: ${reason} (nothing was assigned).`);
  }
  if (rows.length === 0) throw new UsageError('The athletes file is empty: it needs a header line with an "email" column.');
  const header = rows[0].record.map((h) => h.toLowerCase());
  const column = header.indexOf('email');
  if (column === -1)
    throw new UsageError(`The athletes file needs a header line with an "email" column; found ${header.length} column(s): ${header.map((h) => `"${h}"`).join(', ')}.`);
  const entries: AthleteEntry[] = [];
  for (const { record, raw, info } of rows.slice(1)) {
    // info.lines is the record's last line: a quoted field may span lines, and the raw
    // text starts with the empty lines skipped before it.
    const line =
      info.lines -
      (raw
        .replace(/^(\r?\n)+/, '')
        .replace(/\r?\n$/, '')
        .match(/\n/g)?.length ?? 0);
    const email = (record[column] ?? '').toLowerCase();
    const problem =
      record.length !== header.length ? `${record.length} column(s) where the header has ${header.length}${column >= record.length ? ', so no e-mail' : ''}` : emailProblem(email);
    entries.push({ line, email, ...(problem ? { problem } : {}) });
  }
  if (entries.length > MAX_ATHLETES) throw new UsageError(`At most ${MAX_ATHLETES} athletes at once; the file has ${entries.length}.`);
  return entries;
}

export function athletesFromList(list: string): AthleteEntry[] {
  const entries = list
    .split(',')
    .map((email, i) => ({ line: i + 1, email: email.trim().toLowerCase() }))
    .filter((e) => e.email !== '')
    .map((e) => {
      const problem = emailProblem(e.email);
      return problem ? { ...e, problem } : e;
    });
  if (entries.length === 0) throw new UsageError('--athletes names no e-mail.');
  if (entries.length > MAX_ATHLETES) throw new UsageError(`At most ${MAX_ATHLETES} athletes at once.`);
  return entries;
}

/**
 * A Strong or Hevy file read as it arrives: csv-parse takes the bytes chunk by chunk,
 * so a long history costs the memory of its workouts, never of its text. The file is
 * bounded (bytes, rows, one record's size); every failure is an ImportError with the
 * line it happened on.
 */
import { once } from 'node:events';
import { parse, CsvError } from 'csv-parse';
import type { WeightUnit } from '../kernel/units.ts';
import { readHeader, sniffDelimiter, type ImportLayout } from './domain/layouts.ts';
import { ImportError, RowReader } from './domain/rows.ts';
import { WorkoutAssembler } from './domain/assemble.ts';

export const IMPORT_LIMITS = {
  /** 100,000 Strong rows are about 12 MB; a decade of daily training stays well below. */
  bytes: 64 * 1024 * 1024,
  rows: 250_000,
  /** One row, notes included. */
  recordBytes: 64 * 1024,
} as const;

export interface ReadFile {
  layout: ImportLayout;
  /** The unit the header names (Hevy); null when rows or the importer say. */
  headerUnit: WeightUnit | null;
  assembler: WorkoutAssembler;
}

export interface ReadOptions {
  /** The unit of a Strong comma file (its rows do not say). */
  unit: WeightUnit;
  /** Called every PROGRESS_ROWS rows and once at the end. */
  onProgress?: (p: ReadProgress) => void;
}

export interface ReadProgress {
  rows: number;
  /** Workouts met so far. */
  workouts: number;
  /** Bytes of the file taken in so far. */
  bytes: number;
}

/** How often a long file reports: 100,000 rows make 100 reports, a few thousand a handful. */
const PROGRESS_ROWS = 1000;

/** Reads a whole file; throws ImportError (with its line) on the first bad row, having written nothing anywhere. */
export async function readImportFile(source: AsyncIterable<Buffer | string>, opts: ReadOptions): Promise<ReadFile> {
  const chunks = source[Symbol.asyncIterator]();
  const first = await chunks.next();
  if (first.done) throw new ImportError(0, 'The file is empty.');
  const head = Buffer.isBuffer(first.value) ? first.value.toString('utf8', 0, Math.min(first.value.length, 4096)) : first.value.slice(0, 4096);
  const delimiter = sniffDelimiter(head.replace(/^\uFEFF/, '').split(/\r?\n/)[0]);
  const parser = parse({ delimiter, bom: true, skip_empty_lines: true, info: true, max_record_size: IMPORT_LIMITS.recordBytes, relax_column_count: true });

  // Feed the parser with back-pressure; a too-large file stops the feeding. A bad row
  // stops it too: a destroyed parser never emits 'drain', so that wait is aborted.
  const stopFeeding = new AbortController();
  let bytes = 0;
  const feed = (async () => {
    for (let c: IteratorResult<Buffer | string> = first; !c.done; c = await chunks.next()) {
      bytes += Buffer.byteLength(c.value);
      if (bytes > IMPORT_LIMITS.bytes) throw new ImportError(0, `The file is larger than ${IMPORT_LIMITS.bytes / 1024 / 1024} MB; split it by year and import each part.`);
      if (!parser.write(c.value)) await once(parser, 'drain', { signal: stopFeeding.signal });
    }
    parser.end();
  })();
  feed.catch((e: unknown) => parser.destroy(e as Error));

  const assembler = new WorkoutAssembler();
  let reader: RowReader | null = null;
  let layout: ImportLayout | null = null;
  let headerUnit: WeightUnit | null = null;
  let lastEnd = 0;
  let lastEmpty = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number; empty_lines: number } }>) {
      // The line a record starts on: after the previous record and any blank lines.
      const line = lastEnd + 1 + (info.empty_lines - lastEmpty);
      lastEnd = info.lines;
      lastEmpty = info.empty_lines;
      if (!reader) {
        const header = readHeader(record);
        if (typeof header === 'string') throw new ImportError(line, header);
        reader = new RowReader(header, opts.unit, delimiter);
        layout = header.layout;
        headerUnit = header.unit;
        continue;
      }
      if (record.length === 1 && record[0].trim() === '') continue;
      if (assembler.summary.rows >= IMPORT_LIMITS.rows) throw new ImportError(line, `The file has more than ${IMPORT_LIMITS.rows} rows; split it and import each part.`);
      assembler.add(reader.read(record, line));
      if (opts.onProgress && assembler.summary.rows % PROGRESS_ROWS === 0) opts.onProgress({ rows: assembler.summary.rows, workouts: assembler.summary.workouts, bytes });
    }
    await feed;
  } catch (e) {
    stopFeeding.abort();
    parser.destroy();
    await feed.catch(() => undefined);
    await dropRest(chunks, bytes);
    if (e instanceof ImportError) throw e;
    if (e instanceof CsvError) throw new ImportError(Number((e as CsvError & { lines?: number }).lines ?? 0), csvMessage(e));
    throw e;
  }
  if (!reader || !layout) throw new ImportError(0, 'The file is empty.');
  if (assembler.summary.sets === 0) throw new ImportError(0, 'The file has a header but no sets.');
  opts.onProgress?.({ rows: assembler.summary.rows, workouts: assembler.summary.workouts, bytes });
  return { layout, headerUnit, assembler };
}

/**
 * After a bad row the rest of the file is read and dropped, up to the size limit: a
 * browser reads the answer only once it has sent the whole body, so a request left
 * unread would never see its error. A sender that went away ends this at once.
 */
async function dropRest(chunks: AsyncIterator<Buffer | string>, bytes: number): Promise<void> {
  try {
    while (bytes <= IMPORT_LIMITS.bytes) {
      const c = await chunks.next();
      if (c.done) return;
      bytes += Buffer.byteLength(c.value);
    }
  } catch {
    // The request was aborted: nothing left to read.
  }
}

function csvMessage(e: CsvError): string {
  switch (e.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return 'A quoted field is never closed (a " is missing).';
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
      return 'A quote inside a field must be doubled ("").';
    case 'CSV_MAX_RECORD_SIZE':
      return `A row is longer than ${IMPORT_LIMITS.recordBytes / 1024} KB.`;
    default:
      return `The file is not valid CSV (${e.message.slice(0, 200)}).`;
  }
}

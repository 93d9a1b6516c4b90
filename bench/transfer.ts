/**
 * Import and export (issue 25): a 100,000-row Strong file (2,500 workouts × 8
 * exercises × 5 sets, kg) is POSTed to /api/imports as a file stream, then the history
 * is exported (GET /api/export/workouts.csv, Hevy layout) and read to the end. Each
 * figure is rows per second of the request; beside it the server's peak memory (RSS of
 * this process, which runs the server; sampled every 20 ms) above where it started, to
 * show that neither grows with the file's text.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { stringify } from 'csv-stringify';
import { STRONG_COLUMNS } from '../src/transfer/domain/layouts.ts';
import { addDays } from '../src/training/domain/workout-rules.ts';
import { log, round } from './lib.ts';
import { startTrainingBench } from './calendar_month.ts';

const WORKOUTS = 2_500;
const EXERCISES = 8;
const SETS = 5;
const LIFTS = [
  'Squat (Barbell)',
  'Bench Press (Barbell)',
  'Deadlift (Barbell)',
  'Overhead Press (Barbell)',
  'Bent Over Row (Barbell)',
  'Pull Up',
  'Romanian Deadlift',
  'Incline Bench Press',
  'Hip Thrust',
  'Lunge',
];

async function writeFile(file: string): Promise<number> {
  const out = stringify({ header: true, columns: [...STRONG_COLUMNS] });
  const done = new Promise<void>((resolve, reject) =>
    out
      .pipe(fs.createWriteStream(file))
      .on('finish', () => resolve())
      .on('error', reject),
  );
  let rows = 0;
  for (let w = 0; w < WORKOUTS; w++) {
    const date = `${addDays('2015-01-01', Math.floor(w * 1.4))} 07:30:00`;
    for (let e = 0; e < EXERCISES; e++) {
      for (let s = 1; s <= SETS; s++) {
        const row = [date, `Day ${w % 4}`, '1h 5m', LIFTS[(w + e) % LIFTS.length], s, 60 + ((w + e * 7) % 80), 3 + (s % 6), '', '', s === 1 ? 'Belt on, "tight"' : '', '', ''];
        if (!out.write(row)) await new Promise((r) => out.once('drain', r));
        rows++;
      }
    }
  }
  out.end();
  await done;
  return rows;
}

/** Samples this process's RSS while `fn` runs: the peak above the start, in MiB. */
async function peakRss<T>(fn: () => Promise<T>): Promise<{ value: T; peakMiB: number; startMiB: number }> {
  globalThis.gc?.();
  const start = process.memoryUsage().rss;
  let peak = start;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  try {
    const value = await fn();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { value, peakMiB: round((peak - start) / 1024 / 1024, 1), startMiB: round(start / 1024 / 1024, 1) };
  } finally {
    clearInterval(timer);
  }
}

export async function run(): Promise<Record<string, number>> {
  const bench = await startTrainingBench('transfer');
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'spotter-bench-transfer-'));
  try {
    const { demo, tokens, server } = bench;
    const athlete = demo.athletes[0];
    const token = tokens.get(athlete.email)!;
    const file = path.join(dir, 'strong.csv');
    const rows = await writeFile(file);
    const bytes = (await fs.promises.stat(file)).size;
    log(`  file: ${rows} rows, ${round(bytes / 1024 / 1024, 1)} MiB`);

    const imported = await peakRss(async () => {
      const t0 = performance.now();
      const res = await fetch(`${server.url}/api/imports?athlete_id=${athlete.id}&unit=kg`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
        body: fs.createReadStream(file) as unknown as BodyInit,
        duplex: 'half',
      } as RequestInit);
      const body = (await res.json()) as { imported_workouts: number; checkpoint: string; error?: string };
      if (res.status !== 201) throw new Error(`import: ${res.status} ${body.error}`);
      return { seconds: (performance.now() - t0) / 1000, body };
    });
    const importRate = rows / imported.value.seconds;
    log(`  import: ${imported.value.body.imported_workouts} workouts in ${round(imported.value.seconds, 1)} s, peak RSS +${imported.peakMiB} MiB (from ${imported.startMiB} MiB)`);
    const t1 = performance.now();
    await server.platform.runner.waitFor(imported.value.body.checkpoint, undefined, 600_000);
    log(`  projected in ${round((performance.now() - t1) / 1000, 1)} s`);

    const exported = await peakRss(async () => {
      const t0 = performance.now();
      const res = await fetch(`${server.url}/api/export/workouts.csv?athlete_id=${athlete.id}&layout=hevy`, { headers: { authorization: `Bearer ${token}` } });
      if (res.status !== 200) throw new Error(`export: ${res.status} ${await res.text()}`);
      let lines = 0;
      let size = 0;
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        size += chunk.length;
        for (const b of chunk) if (b === 10) lines++;
      }
      return { seconds: (performance.now() - t0) / 1000, rows: lines - 1 - EXERCISES_WITH_NOTES_NEWLINES, size };
    });
    const exportRate = exported.value.rows / exported.value.seconds;
    log(`  export: ${exported.value.rows} rows (${round(exported.value.size / 1024 / 1024, 1)} MiB) in ${round(exported.value.seconds, 1)} s, peak RSS +${exported.peakMiB} MiB`);
    return {
      import_rows_per_s: Math.round(importRate),
      import_peak_rss_mib: imported.peakMiB,
      export_rows_per_s: Math.round(exportRate),
      export_peak_rss_mib: exported.peakMiB,
    };
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
    await bench.close();
  }
}

/** The generated notes hold no newline, so every line of the export is one row. */
const EXERCISES_WITH_NOTES_NEWLINES = 0;

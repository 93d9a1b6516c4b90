/**
 * Importing a Strong or Hevy file into an athlete's history. The whole file is read
 * and every workout checked before anything is written (a bad row refuses the file
 * with its line, nothing half-imported); then the new workouts are scheduled with
 * their actuals in one transaction. Each workout's id is derived from the athlete and
 * the rows that make it, so importing the same file again finds them all and adds
 * nothing. Records, the rep-max profile and analytics follow from the events, as for
 * any logged workout.
 */
import { createHash, randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { EventStore } from '../platform/eventstore/port.ts';
import { DomainError } from '../kernel/decider.ts';
import type { WeightUnit } from '../kernel/units.ts';
import { userWeightUnit } from '../accounts/index.ts';
import { canActFor, existingWorkoutIds, scheduleImportedWorkouts } from '../training/index.ts';
import { matchExerciseNames, type ExerciseMatch } from '../library/index.ts';
import { ImportError } from './domain/rows.ts';
import { readImportFile, type ReadProgress } from './csv-reader.ts';
import type { ImportLayout } from './domain/layouts.ts';

export interface TransferDeps {
  pool: pg.Pool;
  store: EventStore;
  now: () => Date;
}

export const ATHLETE_NOT_FOUND = 'Athlete not found.';

export interface ImportOptions {
  /** Preview only: read, check and count, write nothing. */
  dryRun: boolean;
  /** The unit of a Strong comma file; by default the importer's own. */
  unit?: WeightUnit;
  /** The file's exercise names → the names to use (the library's, or the user's own). */
  mapping?: Record<string, string>;
  onProgress?: (p: ImportProgress) => void;
}

/**
 * How far an import is: reading the file (rows, workouts met, bytes taken in), then
 * writing its new workouts, all in one transaction (so there is no count of those
 * written until it commits: the outcome then says how many).
 */
export type ImportProgress = ({ phase: 'reading' } & ReadProgress) | { phase: 'writing'; workouts: number };

export interface ImportOutcome {
  dry_run: boolean;
  layout: ImportLayout;
  unit: WeightUnit;
  rows: number;
  skipped_rows: number;
  workouts: number;
  sets: number;
  warmup_sets: number;
  distance_sets: number;
  from: string | null;
  to: string | null;
  /** Workouts of the file the athlete's history holds already (an earlier import of it). */
  existing_workouts: number;
  new_workouts: number;
  exercises: (ExerciseMatch & { sets: number; mapped_to: string | null })[];
  /** Set on a real import. */
  import_id: string | null;
  imported_workouts: number;
  checkpoint: string | null;
}

/** A UUID-shaped digest of the athlete and a workout's rows: its id across imports. */
function importedWorkoutId(athleteId: string, fingerprint: string): string {
  const h = createHash('sha256').update(`spotter-import\u0000${athleteId}\u0000${fingerprint}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h[16], 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export async function importHistory(deps: TransferDeps, actorId: string, athleteId: string, source: AsyncIterable<Buffer | string>, opts: ImportOptions): Promise<ImportOutcome> {
  if (!(await canActFor(deps.pool, actorId, athleteId))) throw new DomainError(404, ATHLETE_NOT_FOUND);
  const unit = opts.unit ?? (await userWeightUnit(deps.pool, actorId));
  const mapping = new Map(
    Object.entries(opts.mapping ?? {})
      .map(([from, to]) => [from, to.trim()] as const)
      .filter(([, to]) => to !== ''),
  );
  const rename = (name: string) => mapping.get(name) ?? name;
  let file;
  let workouts;
  try {
    file = await readImportFile(source, { unit, onProgress: opts.onProgress && ((p) => opts.onProgress?.({ phase: 'reading', ...p })) });
    workouts = [...file.assembler.workouts(rename)].map((w) => ({ ...w, id: importedWorkoutId(athleteId, w.fingerprint) }));
  } catch (e) {
    if (e instanceof ImportError) throw new DomainError(400, e.message);
    throw e;
  }
  const existing = new Set<string>();
  for (let k = 0; k < workouts.length; k += 5000)
    for (const id of await existingWorkoutIds(
      deps.pool,
      workouts.slice(k, k + 5000).map((w) => w.id),
    ))
      existing.add(id);
  const fresh = workouts.filter((w) => !existing.has(w.id));
  const s = file.assembler.summary;
  const names = [...s.exercises.keys()];
  const matches = await matchExerciseNames(deps.pool, actorId, names);
  const outcome: ImportOutcome = {
    dry_run: opts.dryRun,
    layout: file.layout,
    unit: file.headerUnit ?? unit,
    rows: s.rows,
    skipped_rows: s.skippedRows,
    workouts: s.workouts,
    sets: s.sets,
    warmup_sets: s.warmupSets,
    distance_sets: s.distanceSets,
    from: s.from,
    to: s.to,
    existing_workouts: workouts.length - fresh.length,
    new_workouts: fresh.length,
    exercises: matches.map((m) => ({ ...m, sets: s.exercises.get(m.query) ?? 0, mapped_to: mapping.get(m.query) ?? null })),
    import_id: null,
    imported_workouts: 0,
    checkpoint: null,
  };
  if (opts.dryRun || fresh.length === 0) return outcome;
  const importId = randomUUID();
  opts.onProgress?.({ phase: 'writing', workouts: fresh.length });
  const written = await scheduleImportedWorkouts(deps, actorId, athleteId, fresh, importId);
  return { ...outcome, import_id: importId, imported_workouts: written.written, new_workouts: written.written, checkpoint: written.checkpoint };
}

/**
 * `spotter export`: an athlete's training history (Strong's or Hevy's layout) or their
 * records as CSV, written as it is read (the same streams the web's downloads use).
 */
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { isWeightUnit, type WeightUnit } from '../../src/kernel/units.ts';
import { EXPORT_LAYOUTS, historyCsv, recordsCsv, type ExportLayout } from '../../src/transfer/index.ts';
import { todayFor, userWeightUnit } from '../../src/accounts/index.ts';
import { COMPLETION_MODES, TEAM_RANGES, teamCsv, type CompletionMode, type TeamRange } from '../../src/team-analytics/index.ts';
import { UsageError } from '../command.ts';

export interface ExportRequest {
  athlete: string;
  layout?: string;
  unit?: string;
  records?: boolean;
}

/** An account's id from its e-mail address. */
export async function accountId(pool: pg.Pool, email: string): Promise<string> {
  const { rows } = await pool.query<{ user_id: string }>('SELECT user_id FROM user_profiles WHERE lower(email) = lower($1)', [email]);
  if (!rows[0]) throw new UsageError(`No account with the e-mail ${email}.`);
  return rows[0].user_id;
}

export async function runExport(pool: pg.Pool, req: ExportRequest, out: Writable): Promise<void> {
  const layout = (req.layout ?? 'strong') as ExportLayout;
  if (!EXPORT_LAYOUTS.includes(layout)) throw new UsageError(`--layout must be ${EXPORT_LAYOUTS.join(' or ')}.`);
  if (req.unit !== undefined && !isWeightUnit(req.unit)) throw new UsageError('--unit must be kg or lb.');
  const id = await accountId(pool, req.athlete);
  // The athlete's own unit unless told: the file is theirs.
  const unit: WeightUnit = req.unit ?? (await userWeightUnit(pool, id));
  await pipeline(req.records ? recordsCsv(pool, id, unit) : historyCsv(pool, id, layout, unit), out, { end: out !== process.stdout });
}

export interface TeamExportRequest {
  coach: string;
  range?: string;
  mode?: string;
  unit?: string;
}

/** The coach's team analytics table (every linked athlete), as the page's Download CSV writes it. */
export async function runTeamExport(pool: pg.Pool, req: TeamExportRequest, out: Writable, now: Date = new Date()): Promise<void> {
  const range = (req.range ?? '30d') as TeamRange;
  if (!TEAM_RANGES.includes(range)) throw new UsageError(`--range must be one of ${TEAM_RANGES.join(', ')}.`);
  const mode = (req.mode ?? 'reps') as CompletionMode;
  if (!COMPLETION_MODES.includes(mode)) throw new UsageError(`--mode must be ${COMPLETION_MODES.join(' or ')}.`);
  if (req.unit !== undefined && !isWeightUnit(req.unit)) throw new UsageError('--unit must be kg or lb.');
  const coachId = await accountId(pool, req.coach);
  const unit: WeightUnit = req.unit ?? (await userWeightUnit(pool, coachId));
  const csv = await teamCsv(pool, { coachId, athleteIds: null, range, mode, today: await todayFor(pool, coachId, now) }, unit);
  await pipeline(csv, out, { end: out !== process.stdout });
}

/**
 * The team analytics table as CSV rows (issue 25): one row per athlete the coach
 * sees, in the page's order, with the page's figures; loads in the reader's unit.
 * Pure, so the route and `spotter export --team` write the same file.
 */
import { displayLoad, type WeightUnit } from '../../kernel/units.ts';
import type { CompletionMode, TeamAnalytics } from './summary.ts';

export function teamCsvHeader(mode: CompletionMode, unit: WeightUnit): string[] {
  return [
    'Athlete',
    'Athlete ID',
    'From',
    'To',
    'Recent Workouts',
    'Total Reps',
    'Completed Reps',
    'Total Sets',
    'Completed Sets',
    mode === 'reps' ? 'Rep Completion %' : 'Set Completion %',
    `Avg Intensity (${unit})`,
    `Total Volume (${unit})`,
    'Active Exercises',
  ];
}

/**
 * Names are the athletes' own text: one a spreadsheet would run as a formula (=, +, -,
 * @, a tab or a return first) is written after an apostrophe, which spreadsheets show
 * as plain text (OWASP's advice for CSV injection).
 */
export const plainCell = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

export function teamCsvRows(data: TeamAnalytics, unit: WeightUnit): (string | number)[][] {
  return data.athletes.map((a) => [
    plainCell(a.athlete_name),
    a.athlete_id,
    data.range.from ?? '',
    data.range.to,
    a.recent_workouts,
    a.prescribed_volume,
    a.completed_volume,
    a.total_sets,
    a.completed_sets,
    a.completion_rate,
    displayLoad(a.avg_intensity, unit),
    displayLoad(a.total_volume, unit),
    a.active_exercises,
  ]);
}

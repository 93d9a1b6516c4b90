/** `spotter assign`: one program template to many athletes of a coach, idempotently. */
import fs from 'node:fs/promises';
import { Box, Text } from 'ink';
import { defineCommand, UsageError } from '../command.ts';
import { withPlatform } from '../lib/platform.ts';
import { athletesFromCsv, athletesFromList, type AthleteEntry } from '../lib/athlete-list.ts';
import { assignExitCode, runAssign, type AssignLine, type AssignReport } from '../lib/assign.ts';
import { seconds } from '../lib/format.ts';
import { print, printJson } from '../ui/print.ts';
import { withProgress } from '../ui/progress.tsx';
import { Table, type Column } from '../ui/table.tsx';

const columns: Column<AssignLine>[] = [
  { header: 'LINE', cell: (r) => String(r.line), align: 'right' },
  { header: 'ATHLETE', cell: (r) => r.email, maxWidth: 36 },
  {
    header: 'RESULT',
    cell: (r) => (r.reason ? `${r.outcome}: ${r.reason}` : r.outcome),
    color: (r) => (r.outcome === 'assigned' ? 'green' : r.outcome === 'skipped' || r.outcome === 'failed' ? 'red' : undefined),
  },
  { header: 'WORKOUTS', cell: (r) => String(r.workouts), align: 'right' },
  { header: 'UNTIL', cell: (r) => r.endDate ?? '-' },
];

export function SchedulePreview({ report }: { report: AssignReport }) {
  const { days, moreDays } = report.preview;
  return (
    <Box flexDirection="column">
      <Text bold>
        {report.template.name}: {report.template.workouts} workouts per athlete from {report.startDate}
      </Text>
      {days.map((d) => (
        <Text key={d.dayKey}>
          {'  '}
          {d.date} ({d.dayKey}): {d.workouts.map((w) => `${w.name} (${w.exerciseCount} exercises)`).join(', ')}
        </Text>
      ))}
      {moreDays > 0 ? <Text>{`  ... and ${moreDays} more days`}</Text> : null}
    </Box>
  );
}

export function AssignSummary({ report, dryRun }: { report: AssignReport; dryRun: boolean }) {
  const tally = (o: AssignLine['outcome']) => report.lines.filter((l) => l.outcome === o).length;
  const scheduled = report.lines.filter((l) => l.outcome === 'assigned').reduce((n, l) => n + l.workouts, 0);
  return (
    <Box flexDirection="column">
      {dryRun ? <SchedulePreview report={report} /> : null}
      <Table columns={columns} rows={report.lines} />
      <Text>
        {dryRun
          ? `Dry run: ${tally('would assign')} athlete(s) would get ${report.template.workouts} workouts each; ${tally('skipped')} skipped. Nothing was written.`
          : `${tally('assigned')} assigned (${scheduled} workouts), ${tally('already assigned')} already assigned before (nothing scheduled again), ${tally('skipped')} skipped, ${tally('failed')} failed, in ${seconds(report.elapsedMs)} s.`}
      </Text>
    </Box>
  );
}

async function athletesFrom(options: { athletes?: string; athletesFile?: string }): Promise<AthleteEntry[]> {
  if (Boolean(options.athletes) === Boolean(options.athletesFile)) throw new UsageError('Give the athletes with either --athletes or --athletes-file.');
  if (options.athletes) return athletesFromList(options.athletes);
  const text = await fs.readFile(options.athletesFile!, 'utf8').catch((e: Error) => {
    throw new UsageError(`Cannot read ${options.athletesFile}: ${e.message}`);
  });
  return athletesFromCsv(text);
}

type Options = { template: string; coach: string; start: string; athletes?: string; athletesFile?: string; dryRun?: boolean; json?: boolean };

export default defineCommand<Options>({
  name: 'assign',
  description: "Assign a program template to many of a coach's athletes (idempotent: a rerun schedules nothing twice)",
  options: [
    { flags: '--template <id|name>', description: "the coach's template, by id or exact name" },
    { flags: '--coach <email>', description: 'the coach whose athletes get it' },
    { flags: '--start <YYYY-MM-DD>', description: "first day of the program (today or later in the coach's time zone)" },
    { flags: '--athletes <emails>', description: 'comma-separated athlete e-mails' },
    { flags: '--athletes-file <file.csv>', description: 'CSV file with a header line and an "email" column' },
    { flags: '--dry-run', description: 'show the schedule preview and workouts per athlete without writing' },
    { flags: '--json', description: 'print JSON instead of a table' },
  ],
  examples: [
    'spotter assign --template "Strength Block" --coach coach@demo.spotter --start 2026-12-07 --athletes ana@x.com,bo@x.com',
    'spotter assign --template 0b6f…-… --coach coach@demo.spotter --start 2026-12-07 --athletes-file team.csv --dry-run',
    'spotter assign … --json | jq ".lines[] | select(.outcome == \\"skipped\\")"',
  ],
  async run({ options }) {
    for (const flag of ['template', 'coach', 'start'] as const) if (!options[flag]) throw new UsageError(`--${flag} is required.`);
    const athletes = await athletesFrom(options);
    const report = await withPlatform((platform) =>
      withProgress('assigning', !options.json && !options.dryRun && process.stdout.isTTY === true, (onProgress) =>
        runAssign(platform, { template: options.template, coach: options.coach, start: options.start, athletes, dryRun: options.dryRun, onProgress }),
      ),
    );
    if (options.json) printJson(report);
    else print(<AssignSummary report={report} dryRun={options.dryRun === true} />);
    return assignExitCode(report);
  },
});

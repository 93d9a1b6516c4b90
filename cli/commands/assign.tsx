/** `spotter assign`: one program template to many athletes of a coach, idempotently. */
import fs from 'node:fs/promises';
import { Box, Text } from 'ink';
import { defineCommand, UsageError } from '../command.ts';
import { withPlatform } from '../lib/platform.ts';
import { athletesFromCsv, athletesFromList, type AthleteEntry } from '../lib/athlete-list.ts';
import { assignExitCode, runAssign, type AssignLine, type AssignReport } from '../lib/assign.ts';
import { seconds } from '../lib/format.ts';
import { SERVER_DOWN_NOTICE } from '../lib/server.ts';
import { print, printJson } from '../ui/print.ts';
import { withProgress } from '../ui/progress.tsx';
import { Table, type Column } from '../ui/table.tsx';

const columns: Column<AssignLine>[] = [
  { header: 'LINE', cell: (r) => String(r.line), align: 'right' },
  { header: 'ATHLETE', cell: (r) => r.email, maxWidth: 36 },
  {
    header: 'RESULT',
    cell: (r) => (r.reason ? `${r.outcome}: ${r.reason}` : r.outcome),
    color: (r) => (r.outcome === 'assigned' ? 'green' : r.outcome === 'skipped' || r.outcome === 'failed' || r.outcome === 'not applied' ? 'red' : undefined),
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
          {d.date} ({d.dayKey}): {d.workouts.length ? d.workouts.map((w) => `${w.name} (${w.exerciseCount} exercise${w.exerciseCount === 1 ? '' : 's'})`).join(', ') : 'Rest Day'}
        </Text>
      ))}
      {moreDays > 0 ? <Text>{`  ... and ${moreDays} more days`}</Text> : null}
    </Box>
  );
}

export function AssignSummary({ report, dryRun }: { report: AssignReport; dryRun: boolean }) {
  const t = report.totals;
  return (
    <Box flexDirection="column">
      {dryRun ? <SchedulePreview report={report} /> : null}
      <Table columns={columns} rows={report.lines} />
      <Text>
        {t['not applied'] > 0
          ? `All or nothing: ${t.skipped} line(s) unusable, so none of the ${t.athletes} was assigned. Nothing was written.`
          : dryRun
            ? `Dry run: ${t['would assign']} athlete(s) would get ${report.template.workouts} workouts each; ${t['already assigned']} already assigned; ${t.skipped} skipped. Nothing was written.`
            : `${report.interrupted ? 'Interrupted: ' : ''}${t.assigned} assigned (${t.workoutsScheduled} workouts), ${t['already assigned']} already assigned before (nothing scheduled again), ${t.skipped} skipped, ${t.failed} failed${report.interrupted ? `, ${t['not started']} not started (run again to finish: nothing is assigned twice)` : ''}, in ${seconds(report.elapsedMs)} s.`}
      </Text>
      {!dryRun && !report.serverRunning && t.assigned > 0 ? <Text color="yellow">{SERVER_DOWN_NOTICE}</Text> : null}
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

type Options = { template: string; coach: string; start: string; athletes?: string; athletesFile?: string; dryRun?: boolean; allOrNothing?: boolean; json?: boolean };

export default defineCommand<Options>({
  name: 'assign',
  description: "Assign a program template to many of a coach's athletes (idempotent: a rerun schedules nothing twice)",
  options: [
    { flags: '--template <id|name>', description: "the coach's template, by id or exact name" },
    { flags: '--coach <email>', description: 'the coach whose athletes get it' },
    { flags: '--start <YYYY-MM-DD>', description: "first day of the program (today or later in the coach's time zone)" },
    { flags: '--athletes <emails>', description: 'comma-separated athlete e-mails' },
    { flags: '--athletes-file <file.csv>', description: 'CSV file with a header line and an "email" column' },
    { flags: '--dry-run', description: 'show the schedule preview and what a real run would do (would assign, already assigned) without writing' },
    { flags: '--all-or-nothing', description: 'validate every line first and assign nobody if any line is unusable' },
    { flags: '--json', description: 'print JSON instead of a table' },
  ],
  examples: [
    'spotter assign --template "Strength Block" --coach coach@demo.spotter --start 2026-12-07 --athletes ana@x.com,bo@x.com',
    'spotter assign --template 0b6f…-… --coach coach@demo.spotter --start 2026-12-07 --athletes-file team.csv --dry-run',
    'spotter assign … --athletes-file team.csv --all-or-nothing   # one bad line and nobody is assigned',
    'spotter assign … --json | jq .totals',
  ],
  async run({ options }) {
    for (const flag of ['template', 'coach', 'start'] as const) if (!options[flag]) throw new UsageError(`--${flag} is required.`);
    const athletes = await athletesFrom(options);
    // Ctrl-C: the assignments under way finish, no new one starts, and the summary is printed.
    const stop = new AbortController();
    const onSigint = () => stop.abort();
    process.once('SIGINT', onSigint);
    const report = await withPlatform((platform) =>
      withProgress('assigning', !options.json && !options.dryRun && process.stdout.isTTY === true, (onProgress) =>
        runAssign(platform, {
          template: options.template,
          coach: options.coach,
          start: options.start,
          athletes,
          dryRun: options.dryRun,
          allOrNothing: options.allOrNothing,
          signal: stop.signal,
          onProgress,
        }),
      ),
    ).finally(() => process.off('SIGINT', onSigint));
    if (options.json) printJson(report);
    else print(<AssignSummary report={report} dryRun={options.dryRun === true} />);
    return assignExitCode(report);
  },
});

/** `spotter recap`: the weekly recap e-mails, once per athlete and week. */
import { Box, Text } from 'ink';
import { defineCommand } from '../command.ts';
import { withPlatform } from '../lib/platform.ts';
import { recapExitCode, runRecap, type RecapLine, type RecapReport } from '../lib/recap.ts';
import { SERVER_DOWN_NOTICE } from '../lib/server.ts';
import { formatDuration } from '../../emails/templates/weekly-recap.ts';
import { confirm } from '../ui/confirm.ts';
import { print, printJson } from '../ui/print.ts';
import { withProgress } from '../ui/progress.tsx';
import { Table, type Column } from '../ui/table.tsx';

const columns: Column<RecapLine>[] = [
  { header: 'ATHLETE', cell: (r) => r.athlete, maxWidth: 28 },
  { header: 'WEEK', cell: (r) => `${r.week} (${r.from.slice(5)}–${r.to.slice(5)})` },
  { header: 'WORKOUTS', cell: (r) => String(r.workouts), align: 'right' },
  { header: 'DURATION', cell: (r) => formatDuration(r.durationSeconds / 60), align: 'right' },
  { header: 'STREAK', cell: (r) => `${r.streak} d`, align: 'right' },
  // The date first ("Lower on 2026-12-01" → "2026-12-01 Lower"), so that a long name is what gets cut.
  { header: 'NEXT WORKOUT', cell: (r) => (r.nextWorkout ? r.nextWorkout.replace(/^(.*) on (\d{4}-\d{2}-\d{2})$/s, '$2 $1') : '-'), maxWidth: 36 },
  { header: 'HEADLINE', cell: (r) => r.headline },
  {
    header: 'RESULT',
    cell: (r) => (r.outcome === 'failed' ? `failed: ${r.error}` : r.outcome),
    color: (r) => (r.outcome === 'failed' ? 'red' : r.outcome === 'queued' || r.outcome === 'resent' ? 'green' : undefined),
  },
];

export function RecapSummary({ report }: { report: RecapReport }) {
  const { lines, totals } = report;
  if (lines.length === 0) return <Text>No athletes to recap.</Text>;
  return (
    <Box flexDirection="column">
      <Table columns={columns} rows={lines} />
      <Text>
        {report.dryRun
          ? `Dry run: ${totals['would queue']} would be queued for sending, ${totals['would resend']} resent, ${totals['already sent']} already sent before. Nothing was sent.`
          : `${totals['not started'] ? 'Interrupted: ' : ''}${totals.queued} queued for sending, ${totals.resent} resent, ${totals['already sent']} already sent before, ${totals.failed} failed${totals['not started'] ? `, ${totals['not started']} not started (run again to finish: nothing is sent twice)` : ''}.`}
      </Text>
      {!report.dryRun && !report.serverRunning && totals.queued + totals.resent > 0 ? <Text color="yellow">{SERVER_DOWN_NOTICE}</Text> : null}
    </Box>
  );
}

type Options = { week?: string; coach?: string; dryRun?: boolean; force?: boolean; yes?: boolean; json?: boolean };

export default defineCommand<Options>({
  name: 'recap',
  description: "Send each athlete the weekly recap e-mail (default: the last finished week in the athlete's time zone), once per athlete and week",
  options: [
    { flags: '--week <YYYY-Www>', description: 'ISO week, e.g. 2026-W47; a week that has not ended is refused' },
    { flags: '--coach <email>', description: "only this coach's athletes" },
    { flags: '--dry-run', description: 'print what a real run would do (queue, or already sent) without sending' },
    { flags: '--force', description: 'send again recaps already sent for that week (a deliberate resend; never a week that has not ended)' },
    { flags: '--yes', description: 'do not ask for confirmation (scripts)' },
    { flags: '--json', description: 'print JSON ({ weeks, totals, serverRunning, lines }) instead of a table' },
  ],
  examples: [
    'spotter recap                                   # last finished week, every athlete (asks first)',
    'spotter recap --week 2026-W47 --coach coach@demo.spotter --yes',
    'spotter recap --dry-run --json | jq .totals     # what a real run would do',
    'spotter recap --week 2026-W47 --force --yes     # send that week again, deliberately',
  ],
  async run({ options }) {
    const live = !options.json && !options.dryRun && process.stdout.isTTY === true;
    const report = await withPlatform(async (platform) => {
      const plan = { week: options.week, coach: options.coach, force: options.force };
      if (!options.dryRun) {
        // The question shows what a real run would do: the dry run's totals.
        const preview = await runRecap(platform, { ...plan, dryRun: true });
        const toSend = preview.totals['would queue'] + preview.totals['would resend'];
        if (toSend === 0) return { ...preview, dryRun: false };
        await confirm(`Send ${toSend} weekly recap mail(s) for ${preview.weeks.join(', ')}?`, { yes: options.yes });
      }
      // Ctrl-C: the recap under way is decided, no other starts, and the summary is printed.
      const stop = new AbortController();
      const onSigint = () => stop.abort();
      process.once('SIGINT', onSigint);
      try {
        return await withProgress('recaps', live, (onProgress) => runRecap(platform, { ...plan, dryRun: options.dryRun, onProgress, signal: stop.signal }));
      } finally {
        process.off('SIGINT', onSigint);
      }
    });
    if (options.json) printJson(report);
    else print(<RecapSummary report={report} />);
    return recapExitCode(report);
  },
});

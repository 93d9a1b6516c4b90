/** `spotter recap`: the weekly recap e-mails, once per athlete and week. */
import { Box, Text } from 'ink';
import { defineCommand } from '../command.ts';
import { withPlatform } from '../lib/platform.ts';
import { recapExitCode, runRecap, type RecapLine } from '../lib/recap.ts';
import { print, printJson } from '../ui/print.ts';
import { withProgress } from '../ui/progress.tsx';
import { Table, type Column } from '../ui/table.tsx';

const columns: Column<RecapLine>[] = [
  { header: 'ATHLETE', cell: (r) => r.athlete, maxWidth: 28 },
  { header: 'WEEK', cell: (r) => r.week },
  { header: 'WORKOUTS', cell: (r) => String(r.workouts), align: 'right' },
  { header: 'DURATION', cell: (r) => r.duration, align: 'right' },
  { header: 'STREAK', cell: (r) => `${r.streak} d`, align: 'right' },
  { header: 'NEXT WORKOUT', cell: (r) => r.nextWorkout ?? '-', maxWidth: 32 },
  { header: 'HEADLINE', cell: (r) => r.headline },
  {
    header: 'RESULT',
    cell: (r) => (r.outcome === 'failed' ? `failed: ${r.error}` : r.outcome),
    color: (r) => (r.outcome === 'failed' ? 'red' : r.outcome === 'sent' ? 'green' : undefined),
  },
];

export function RecapSummary({ lines, dryRun }: { lines: RecapLine[]; dryRun: boolean }) {
  if (lines.length === 0) return <Text>No athletes to recap.</Text>;
  const tally = (o: RecapLine['outcome']) => lines.filter((l) => l.outcome === o).length;
  return (
    <Box flexDirection="column">
      <Table columns={columns} rows={lines} />
      <Text>
        {dryRun
          ? `${lines.length} recap(s) previewed; nothing was sent.`
          : `${tally('sent')} queued for sending, ${tally('already sent')} already sent before, ${tally('failed')} failed.`}
      </Text>
    </Box>
  );
}

export default defineCommand<{ week?: string; coach?: string; dryRun?: boolean; json?: boolean }>({
  name: 'recap',
  description: "Send each athlete the weekly recap e-mail (default: the last complete week in the athlete's time zone), once per athlete and week",
  options: [
    { flags: '--week <YYYY-Www>', description: 'ISO week, e.g. 2026-W47' },
    { flags: '--coach <email>', description: "only this coach's athletes" },
    { flags: '--dry-run', description: 'print the recaps without sending' },
    { flags: '--json', description: 'print JSON instead of a table' },
  ],
  examples: [
    'spotter recap                                   # last complete week, every athlete',
    'spotter recap --week 2026-W47 --coach coach@demo.spotter',
    'spotter recap --dry-run --json                  # what would be sent',
  ],
  async run({ options }) {
    const lines = await withPlatform((platform) =>
      withProgress('recaps', !options.json && !options.dryRun && process.stdout.isTTY === true, (onProgress) =>
        runRecap(platform, { week: options.week, coach: options.coach, dryRun: options.dryRun, onProgress }),
      ),
    );
    if (options.json) printJson(lines);
    else print(<RecapSummary lines={lines} dryRun={options.dryRun === true} />);
    return recapExitCode(lines);
  },
});

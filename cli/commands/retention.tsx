/** `spotter retention`: clears kept data past its retention period (the server's hourly sweep, now). */
import { Box, Text } from 'ink';
import { defineCommand, UsageError } from '../command.ts';
import { withPlatform } from '../lib/platform.ts';
import { runRetention } from '../lib/retention.ts';
import type { RetentionLine } from '../../src/retention/index.ts';
import { print, printJson } from '../ui/print.ts';
import { Table, type Column } from '../ui/table.tsx';

const columns: Column<RetentionLine>[] = [
  { header: 'DATA', cell: (r) => r.name },
  { header: 'KEPT WHOLE', cell: (r) => `${r.days} days`, align: 'right' },
  { header: 'OLDER THAN', cell: (r) => `${r.cutoff.toISOString().replace('T', ' ').slice(0, 19)} UTC` },
  { header: 'ROWS', cell: (r) => String(r.rows), align: 'right' },
  { header: 'AFTER THE PERIOD', cell: (r) => r.description, maxWidth: 60 },
];

export function RetentionView({ lines, dryRun }: { lines: RetentionLine[]; dryRun: boolean }) {
  const total = lines.reduce((n, l) => n + l.rows, 0);
  return (
    <Box flexDirection="column">
      <Table columns={columns} rows={lines} />
      <Text>{dryRun ? `Dry run: ${total} rows would be cleared; nothing was changed.` : `Cleared ${total} rows.`}</Text>
    </Box>
  );
}

export default defineCommand<{ dryRun?: boolean; yes?: boolean; json?: boolean }>({
  name: 'retention',
  description: 'Clear mail bodies and webhook answers older than their retention period (MAIL_BODY_RETENTION_DAYS, WEBHOOK_RESPONSE_RETENTION_DAYS)',
  options: [
    { flags: '--dry-run', description: 'only count what would be cleared' },
    { flags: '--yes', description: 'clear it' },
    { flags: '--json', description: 'print JSON instead of a table' },
  ],
  examples: ['spotter retention --dry-run', 'spotter retention --yes', 'MAIL_BODY_RETENTION_DAYS=7 spotter retention --yes --json'],
  async run({ options }) {
    if (options.dryRun === options.yes) throw new UsageError('Say --dry-run to count or --yes to clear (one of them).');
    const dryRun = !!options.dryRun;
    const lines = await withPlatform((platform) => runRetention(platform.pool, { dryRun }));
    if (options.json) printJson({ dry_run: dryRun, rules: lines });
    else print(<RetentionView lines={lines} dryRun={dryRun} />);
    return 0;
  },
});

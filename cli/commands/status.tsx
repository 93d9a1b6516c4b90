/** `spotter status`: one line per projection, from the runner and the database's locks. */
import { Box, Text } from 'ink';
import { defineCommand } from '../command.ts';
import { shortCheckpoint, count } from '../lib/format.ts';
import { withPlatform } from '../lib/platform.ts';
import { loadStatus, type ProjectionStatusRow } from '../lib/status.ts';
import { loadOutbox, type OutboxCounts } from '../lib/outbox.ts';
import { serverRunning } from '../lib/server.ts';
import { print, printJson } from '../ui/print.ts';
import { Table, type Column } from '../ui/table.tsx';

const columns: Column<ProjectionStatusRow>[] = [
  { header: 'PROJECTION', cell: (r) => r.name },
  {
    header: 'VERSION',
    // The serving tables were built by older code: `spotter replay` brings them up to date.
    cell: (r) => (r.generation > 0 && r.version !== r.codeVersion ? `${r.version} → ${r.codeVersion}` : String(r.codeVersion)),
    color: (r) => (r.generation > 0 && r.version !== r.codeVersion ? 'yellow' : undefined),
  },
  { header: 'GEN', cell: (r) => (r.generation === 0 ? '-' : String(r.generation)), align: 'right' },
  { header: 'POSITION', cell: (r) => (r.generation === 0 ? 'not installed' : shortCheckpoint(r.checkpoint)) },
  { header: 'LAG', cell: (r) => count(r.lag), align: 'right', color: (r) => (r.lag === 0 ? 'green' : 'yellow') },
  { header: 'OWNER', cell: (r) => r.owner, color: (r) => (r.owner === 'none' ? 'yellow' : undefined) },
  {
    header: 'REBUILD',
    // An interrupted rebuild's position means nothing: the next replay starts over.
    cell: (r) =>
      r.reactor
        ? 'never (reactor)'
        : !r.rebuilding
          ? '-'
          : r.rebuilding.active
            ? `gen ${r.rebuilding.generation} at ${shortCheckpoint(r.rebuilding.checkpoint)}`
            : `gen ${r.rebuilding.generation} interrupted`,
    color: (r) => (r.rebuilding ? (r.rebuilding.active ? 'cyan' : 'yellow') : undefined),
  },
  // Errors can be long: cut here, printed in full under the table.
  { header: 'ERROR', cell: (r) => r.lastError ?? '-', color: (r) => (r.lastError ? 'red' : undefined), maxWidth: 24 },
];

// Shown only when something is parked, so the usual table stays narrow.
const withParked: Column<ProjectionStatusRow>[] = [
  ...columns.slice(0, 5),
  { header: 'PARKED', cell: (r) => count(r.parked), align: 'right', color: (r) => (r.parked ? 'red' : undefined) },
  ...columns.slice(5),
];

export function StatusTable({ rows }: { rows: ProjectionStatusRow[] }) {
  if (rows.length === 0) return <Text>No projections are registered.</Text>;
  const failing = rows.filter((r) => r.lastError);
  return (
    <Box flexDirection="column">
      <Table columns={rows.some((r) => r.parked) ? withParked : columns} rows={rows} />
      {rows.some((r) => r.parked) ? <Text color="red">Some events could not be applied: `spotter parked` lists them.</Text> : null}
      {failing.map((r) => (
        <Text key={r.name} color="red">
          {r.name}: {r.lastError}
        </Text>
      ))}
    </Box>
  );
}

export function OutboxLine({ outbox }: { outbox: OutboxCounts }) {
  return (
    <Text>
      mail outbox: {count(outbox.queued)} queued · <Text color={outbox.deferred ? 'yellow' : undefined}>{count(outbox.deferred)} deferred by the hourly limit</Text> ·{' '}
      {count(outbox.sending)} sending · {count(outbox.sent)} sent · <Text color={outbox.failed ? 'red' : undefined}>{count(outbox.failed)} failed</Text>
    </Text>
  );
}

export function ServerLine({ running }: { running: boolean }) {
  return running ? (
    <Text color="green">server: running (it owns the projections and sends the mail)</Text>
  ) : (
    <Text color="yellow">server: not running; assignments and mails wait until it starts</Text>
  );
}

export default defineCommand<{ json?: boolean }>({
  name: 'status',
  description: 'Show each projection and reactor (version, generation, position, lag, owner, error, rebuild in progress) and the mail outbox',
  options: [{ flags: '--json', description: 'print JSON instead of a table' }],
  examples: [
    'spotter status                                  # is the server running, and where each projection stands',
    'spotter status --json | jq ".projections[] | select(.lag > 0)"',
    'DATABASE_URL=postgres://…/spotter spotter status   # another database (never creates anything there)',
  ],
  async run({ options }) {
    const [rows, outbox, running] = await withPlatform((p) => Promise.all([loadStatus(p), loadOutbox(p.pool), serverRunning(p.pool)]));
    if (options.json) printJson({ server: { running }, projections: rows, outbox });
    else
      print(
        <Box flexDirection="column">
          <ServerLine running={running} />
          <StatusTable rows={rows} />
          <OutboxLine outbox={outbox} />
        </Box>,
      );
    return 0;
  },
});

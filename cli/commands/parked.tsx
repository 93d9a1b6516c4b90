/** `spotter parked`: events a projection could not apply, and `--retry` to apply them again after a fix. */
import { Box, Text } from 'ink';
import { InvalidArgumentError } from 'commander';
import { defineCommand, UsageError } from '../command.ts';
import { shortCheckpoint } from '../lib/format.ts';
import { withPlatform } from '../lib/platform.ts';
import { listParked, retryParked, type ParkedEvent, type RetryResult } from '../../src/platform/projections/parked.ts';
import { print, printJson } from '../ui/print.ts';
import { Table, type Column } from '../ui/table.tsx';

const columns: Column<ParkedEvent>[] = [
  { header: 'ID', cell: (r) => String(r.id), align: 'right' },
  { header: 'PROJECTION', cell: (r) => r.projection },
  { header: 'POSITION', cell: (r) => shortCheckpoint(r.checkpoint) },
  { header: 'EVENT', cell: (r) => `${r.type} ${r.eventId}` },
  { header: 'STREAM', cell: (r) => `${r.stream}@${r.streamVersion}` },
  { header: 'PARKED', cell: (r) => `${r.parkedAt.toISOString().replace('T', ' ').slice(0, 19)} UTC` },
  { header: 'TRIES', cell: (r) => String(r.attempts), align: 'right' },
  { header: 'ERROR', cell: (r) => r.error, color: () => 'red', maxWidth: 40 },
];

export function ParkedTable({ rows }: { rows: ParkedEvent[] }) {
  if (rows.length === 0) return <Text color="green">No parked events: every projection applied every event.</Text>;
  return (
    <Box flexDirection="column">
      <Table columns={columns} rows={rows} />
      <Text dimColor>After a fix: spotter parked --retry &lt;id&gt; (or --retry --all).</Text>
    </Box>
  );
}

export function RetryLines({ results }: { results: RetryResult[] }) {
  if (results.length === 0) return <Text>Nothing to retry.</Text>;
  return (
    <Box flexDirection="column">
      {results.map((r) => (
        <Text key={r.id} color={r.outcome === 'failed' ? 'red' : 'green'}>
          {r.id} {r.projection} {r.eventId}: {r.outcome === 'applied' ? 'applied' : r.outcome === 'gone' ? 'no longer parked' : `still failing: ${r.error}`}
        </Text>
      ))}
    </Box>
  );
}

function retryTarget(value: string): number | true {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError(`expected a parked event's id (a whole number), got "${value}"`);
  return n;
}

export default defineCommand<{ retry?: number | true; all?: boolean; projection?: string; json?: boolean }>({
  name: 'parked',
  description: 'List events a projection could not apply (parked), or apply them again with --retry <id> or --retry --all',
  options: [
    { flags: '--retry [id]', description: 'apply the parked event with this id again (with --all: every parked event)', parse: retryTarget },
    { flags: '--all', description: 'with --retry: every parked event' },
    { flags: '--projection <name>', description: 'only this projection' },
    { flags: '--json', description: 'print JSON instead of a table' },
  ],
  examples: [
    'spotter parked                                  # every parked event, with its error',
    'spotter parked --projection workouts --json     # one projection, as JSON',
    'spotter parked --retry 12                       # apply event 12 again after a fix',
    'spotter parked --retry --all                    # apply every parked event again',
  ],
  async run({ options }) {
    if (options.retry === undefined) {
      if (options.all) throw new UsageError('--all goes with --retry: spotter parked --retry --all');
      const rows = await withPlatform((platform) => listParked(platform.pool, { projection: options.projection }));
      if (options.json) printJson(rows);
      else print(<ParkedTable rows={rows} />);
      return 0;
    }
    if (options.retry === true && !options.all) throw new UsageError('name a parked event: --retry <id>, or --retry --all');
    const ids = typeof options.retry === 'number' ? [options.retry] : undefined;
    const results = await withPlatform((platform) =>
      retryParked(platform.pool, platform.store, platform.runner.projections(), { ids, all: options.all && !ids, projection: options.projection }),
    );
    if (options.json) printJson(results);
    else print(<RetryLines results={results} />);
    if (ids && results.length === 0) throw new Error(`No parked event with id ${ids[0]}`);
    return results.some((r) => r.outcome === 'failed') ? 1 : 0;
  },
});

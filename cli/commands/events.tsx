/** `spotter events`: the most recently active event streams (read model only, never es_events). */
import { Text } from 'ink';
import { defineCommand, positiveInteger } from '../command.ts';
import { listStreams, type StreamRow } from '../lib/events.ts';
import { count, timeAgo } from '../lib/format.ts';
import { withPlatform } from '../lib/platform.ts';
import { print, printJson } from '../ui/print.ts';
import { Table, type Column } from '../ui/table.tsx';

function columns(now: Date): Column<StreamRow>[] {
  return [
    { header: 'STREAM', cell: (r) => r.stream },
    { header: 'TYPE', cell: (r) => r.type },
    { header: 'EVENTS', cell: (r) => count(r.events), align: 'right' },
    { header: 'LAST EVENT', cell: (r) => r.lastEvent },
    { header: 'WHEN', cell: (r) => `${timeAgo(r.lastEventAt, now)} (${r.lastEventAt.toISOString().replace('T', ' ').slice(0, 19)} UTC)` },
  ];
}

export function StreamsTable({ rows, now, type }: { rows: StreamRow[]; now: Date; type?: string }) {
  if (rows.length === 0) return <Text>{type ? `No streams of type "${type}".` : 'No streams yet.'}</Text>;
  return <Table columns={columns(now)} rows={rows} />;
}

export default defineCommand<{ type?: string; limit: number; json?: boolean }>({
  name: 'events',
  description: 'List the most recently active event streams',
  options: [
    { flags: '--type <streamType>', description: 'only streams of this type (the stream id up to its first dash, e.g. workout)' },
    { flags: '--limit <n>', description: 'how many streams to show', default: 20, parse: positiveInteger(1000) },
    { flags: '--json', description: 'print JSON instead of a table' },
  ],
  async run({ options }) {
    const rows = await withPlatform((platform) => listStreams(platform.pool, { type: options.type, limit: options.limit }));
    if (options.json) printJson(rows);
    else print(<StreamsTable rows={rows} now={new Date()} type={options.type} />);
    return 0;
  },
});

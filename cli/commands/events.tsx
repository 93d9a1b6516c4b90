/** `spotter events`: the most recently active event streams (read model only, never es_events). */
import { Text } from 'ink';
import { defineCommand, positiveInteger } from '../command.ts';
import { listStreams, streamEvents, type StreamEventRow, type StreamRow } from '../lib/events.ts';
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

const eventColumns: Column<StreamEventRow>[] = [
  { header: 'VERSION', cell: (r) => String(r.version), align: 'right' },
  { header: 'EVENT', cell: (r) => r.type },
  { header: 'WHEN (UTC)', cell: (r) => r.time.toISOString().replace('T', ' ').slice(0, 19) },
  { header: 'DATA', cell: (r) => JSON.stringify(r.data), maxWidth: 60 },
];

export function StreamEventsTable({ rows, stream }: { rows: StreamEventRow[]; stream: string }) {
  if (rows.length === 0) return <Text>{`No stream "${stream}" (or it has no events).`}</Text>;
  return <Table columns={eventColumns} rows={rows} />;
}

export default defineCommand<{ type?: string; stream?: string; limit: number; json?: boolean }>({
  name: 'events',
  description: "List the most recently active event streams, or one stream's events (--stream)",
  options: [
    { flags: '--type <streamType>', description: 'only streams of this type (the stream id up to its first dash, e.g. workout)' },
    { flags: '--stream <id>', description: "this stream's events, oldest first (the last --limit of them)" },
    { flags: '--limit <n>', description: 'how many streams to show', default: 20, parse: positiveInteger(1000) },
    { flags: '--json', description: 'print JSON instead of a table' },
  ],
  examples: [
    'spotter events                                  # the 20 most recently active streams',
    'spotter events --type workout --limit 5         # the 5 latest workout streams',
    "spotter events --stream recap-0b6f…             # one stream's events, oldest first",
    'spotter events --stream workout-… --json | jq ".[].type"',
  ],
  async run({ options }) {
    if (options.stream !== undefined) {
      const stream = options.stream;
      const events = await withPlatform((platform) => streamEvents(platform.store, stream, options.limit));
      if (options.json) printJson(events);
      else print(<StreamEventsTable rows={events} stream={stream} />);
      return events.length === 0 ? 1 : 0;
    }
    const rows = await withPlatform((platform) => listStreams(platform.pool, { type: options.type, limit: options.limit }));
    if (options.json) printJson(rows);
    else print(<StreamsTable rows={rows} now={new Date()} type={options.type} />);
    return 0;
  },
});

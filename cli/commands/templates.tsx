/** `spotter templates --coach <email>`: a coach's program templates, with the ids `spotter assign` takes. */
import { Text } from 'ink';
import { defineCommand, UsageError } from '../command.ts';
import { withPlatform } from '../lib/platform.ts';
import { listTemplates, type TemplateRow } from '../lib/roster.ts';
import { print, printJson } from '../ui/print.ts';
import { Table, type Column } from '../ui/table.tsx';

const columns: Column<TemplateRow>[] = [
  { header: 'NAME', cell: (r) => r.name, maxWidth: 36 },
  { header: 'ID', cell: (r) => r.id },
  { header: 'CATEGORY', cell: (r) => r.category },
  { header: 'WORKOUTS', cell: (r) => String(r.workouts), align: 'right' },
  { header: 'DAYS', cell: (r) => String(r.days), align: 'right' },
  { header: 'UPDATED', cell: (r) => r.updatedAt.toISOString().slice(0, 10) },
];

export function TemplatesTable({ rows }: { rows: TemplateRow[] }) {
  if (rows.length === 0) return <Text>This coach has no templates yet.</Text>;
  return <Table columns={columns} rows={rows} />;
}

export default defineCommand<{ coach?: string; json?: boolean }>({
  name: 'templates',
  description: "List a coach's program templates (name, id, workouts), as `spotter assign --template` takes them",
  options: [
    { flags: '--coach <email>', description: 'the coach' },
    { flags: '--json', description: 'print JSON instead of a table' },
  ],
  examples: ['spotter templates --coach coach@demo.spotter', 'spotter templates --coach coach@demo.spotter --json | jq -r ".[].id"'],
  async run({ options }) {
    if (!options.coach) throw new UsageError('--coach is required.');
    const coach = options.coach;
    const rows = await withPlatform((platform) => listTemplates(platform.pool, coach));
    if (options.json) printJson(rows);
    else print(<TemplatesTable rows={rows} />);
    return 0;
  },
});

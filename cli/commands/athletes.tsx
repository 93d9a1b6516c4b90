/** `spotter athletes --coach <email>`: a coach's linked athletes, the e-mails `spotter assign` takes. */
import { Text } from 'ink';
import { defineCommand, UsageError } from '../command.ts';
import { withPlatform } from '../lib/platform.ts';
import { listAthletes, type AthleteRow } from '../lib/roster.ts';
import { print, printJson } from '../ui/print.ts';
import { Table, type Column } from '../ui/table.tsx';

const columns: Column<AthleteRow>[] = [
  { header: 'E-MAIL', cell: (r) => r.email },
  { header: 'NAME', cell: (r) => r.name, maxWidth: 28 },
  { header: 'LINKED', cell: (r) => r.linkedAt.toISOString().slice(0, 10) },
  { header: 'DONE (28 D)', cell: (r) => String(r.done28d), align: 'right' },
  // The date first, so that a long name is what gets cut.
  { header: 'NEXT WORKOUT', cell: (r) => (r.nextWorkout ? `${r.nextWorkout.date} ${r.nextWorkout.name}` : '-'), maxWidth: 40 },
];

export function AthletesTable({ rows }: { rows: AthleteRow[] }) {
  if (rows.length === 0) return <Text>No athletes are linked to this coach.</Text>;
  return <Table columns={columns} rows={rows} />;
}

export default defineCommand<{ coach?: string; json?: boolean }>({
  name: 'athletes',
  description: "List a coach's linked athletes (e-mail, name, workouts done in 28 days, next workout)",
  options: [
    { flags: '--coach <email>', description: 'the coach' },
    { flags: '--json', description: 'print JSON instead of a table' },
  ],
  examples: ['spotter athletes --coach coach@demo.spotter', 'spotter athletes --coach coach@demo.spotter --json | jq -r ".[].email" | paste -sd, -   # for assign --athletes'],
  async run({ options }) {
    if (!options.coach) throw new UsageError('--coach is required.');
    const coach = options.coach;
    const rows = await withPlatform((platform) => listAthletes(platform.pool, coach));
    if (options.json) printJson(rows);
    else print(<AthletesTable rows={rows} />);
    return 0;
  },
});

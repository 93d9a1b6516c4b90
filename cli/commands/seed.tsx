/** `spotter seed`: coaches, linked athletes and a year of training, through the deciders and the event store. */
import { Box, Text } from 'ink';
import { defineCommand, positiveInteger, UsageError } from '../command.ts';
import { count } from '../lib/format.ts';
import { withPlatform } from '../lib/platform.ts';
import { runSeed, SEED_LIMITS, SeedExistsError, seedExitCode, type SeedResult } from '../lib/seed.ts';
import { print, printJson } from '../ui/print.ts';
import { withProgress } from '../ui/progress.tsx';
import { confirm } from '../ui/confirm.ts';
import { realUsers } from '../lib/real-users.ts';
import { Table, type Column } from '../ui/table.tsx';

const coachColumns: Column<SeedResult['coaches'][number]>[] = [
  { header: 'COACH', cell: (c) => c.name, maxWidth: 28 },
  { header: 'E-MAIL (sign in)', cell: (c) => c.email },
  { header: 'ATHLETES', cell: (c) => String(c.athletes), align: 'right' },
];

export function SeedSummary({ result }: { result: SeedResult }) {
  const r = result;
  return (
    <Box flexDirection="column">
      <Table columns={coachColumns} rows={r.coaches} />
      <Text>
        Password for every seeded account: <Text bold>{r.password}</Text>
        {r.athleteEmails[0] ? ` (athletes too, e.g. ${r.athleteEmails[0]})` : ''}
      </Text>
      <Text>
        {count(r.accounts)} accounts, {count(r.links)} links, {count(r.workouts)} workouts, {count(r.sets)} sets ({count(r.loggedSets)} logged live)
      </Text>
      <Text>
        {count(r.events)} events in {r.seconds} s: <Text color="cyan">{count(r.eventsPerSecond)} events/s</Text>
      </Text>
      {r.failures.length > 0 && (
        <Box flexDirection="column">
          <Text color="red">{r.failures.length} item(s) failed:</Text>
          {r.failures.slice(0, 20).map((f) => (
            <Text key={f} color="red">
              {'  '}
              {f}
            </Text>
          ))}
        </Box>
      )}
    </Box>
  );
}

type Options = { coaches: number; athletesPerCoach: number; weeks: number; seed: number; allowRealUsers?: boolean; yes?: boolean; json?: boolean };

export default defineCommand<Options>({
  name: 'seed',
  description: 'Create confirmed coaches with linked athletes and weeks of logged training (4 workouts a week, 6 exercises × 4 sets), deterministic for a seed',
  options: [
    { flags: '--coaches <n>', description: 'coaches to create', default: 10, parse: positiveInteger(SEED_LIMITS.coaches) },
    { flags: '--athletes-per-coach <n>', description: 'athletes linked to each coach', default: 40, parse: positiveInteger(SEED_LIMITS.athletesPerCoach) },
    { flags: '--weeks <n>', description: 'weeks of training before this week', default: 52, parse: positiveInteger(SEED_LIMITS.weeks) },
    { flags: '--seed <n>', description: 'random seed: the same seed gives the same data', default: 42, parse: positiveInteger(SEED_LIMITS.seed) },
    { flags: '--allow-real-users', description: 'seed even though the database holds real accounts (not @seed.spotter / @demo.spotter)' },
    { flags: '--yes', description: 'do not ask for confirmation (scripts)' },
    { flags: '--json', description: 'print JSON instead of a table' },
  ],
  examples: [
    'spotter seed                                        # 10 coaches × 40 athletes, 52 weeks (asks first)',
    'spotter seed --coaches 2 --weeks 4 --yes            # in a script',
    'spotter seed --coaches 1 --athletes-per-coach 400   # one big team (the team analytics benchmark)',
    'spotter seed --weeks 4 --seed 7 --json',
  ],
  async run({ options }) {
    try {
      const result = await withPlatform(async (platform) => {
        // Seed data beside real accounts would show up in their coaches' lists and analytics.
        const real = await realUsers(platform.pool);
        if (real.count > 0 && !options.allowRealUsers)
          throw new UsageError(
            `This database holds ${real.count} real account(s) (e.g. ${real.example}): seed data would mix with them. Check DATABASE_URL / SPOTTER_DATA_DIR, or pass --allow-real-users.`,
          );
        await confirm(`Write ${options.coaches} coach(es) with ${options.athletesPerCoach} athlete(s) each and ${options.weeks} week(s) of training into this database?`, {
          yes: options.yes,
        });
        return withProgress('workouts', !options.json && process.stdout.isTTY === true, (onProgress) =>
          runSeed(platform, { coaches: options.coaches, athletesPerCoach: options.athletesPerCoach, weeks: options.weeks, seed: options.seed, onProgress }),
        );
      });
      if (options.json) printJson(result);
      else print(<SeedSummary result={result} />);
      return seedExitCode(result);
    } catch (e) {
      // Seeding the same seed twice would collide on e-mails: refuse before writing anything.
      if (e instanceof SeedExistsError) throw new UsageError(e.message);
      throw e;
    }
  },
});

/**
 * `spotter export`: an athlete's history or records as CSV (Strong's or Hevy's layout),
 * a coach's team analytics table as CSV (`--team`), or a person's whole data archive as
 * a ZIP (`--user`, the file "Download my data" gives).
 */
import fs from 'node:fs';
import { defineCommand } from '../command.ts';
import { withPlatform } from '../lib/platform.ts';
import { runExport, runTeamExport } from '../lib/export.ts';
import { runDataExport } from '../lib/data-export.ts';
import { UsageError } from '../command.ts';

type Options = { athlete?: string; layout?: string; unit?: string; records?: boolean; team?: boolean; coach?: string; range?: string; mode?: string; user?: string; out?: string };

export default defineCommand<Options>({
  name: 'export',
  description: "Write an athlete's training history (or records) or a coach's team table as CSV, or a person's whole data archive as ZIP",
  options: [
    { flags: '--athlete <email>', description: "the athlete's e-mail address" },
    { flags: '--layout <strong|hevy>', description: 'the layout (default: strong)' },
    { flags: '--unit <kg|lb>', description: "the loads' unit (default: the athlete's, or the coach's with --team)" },
    { flags: '--records', description: 'the performance records instead of the workouts' },
    { flags: '--team', description: "the coach's team analytics table (with --coach)" },
    { flags: '--coach <email>', description: 'the coach whose team (with --team)' },
    { flags: '--range <7d|30d|90d|1y|all>', description: 'the team table’s range (default: 30d)' },
    { flags: '--mode <reps|sets>', description: 'the team table’s completion column (default: reps)' },
    { flags: '--user <email>', description: 'everything of this person as a ZIP (needs --out)' },
    { flags: '--out <file>', description: 'write to this file (default: stdout)' },
  ],
  examples: [
    'spotter export --athlete ann@demo.spotter > ann-strong.csv',
    'spotter export --athlete ann@demo.spotter --layout hevy --unit kg --out ann-hevy.csv',
    'spotter export --athlete ann@demo.spotter --records',
    'spotter export --team --coach casey@demo.spotter --range 90d --out team.csv',
    'spotter export --user ann@demo.spotter --out ann-data.zip',
  ],
  async run({ options }) {
    const kinds = [options.athlete, options.team, options.user].filter(Boolean).length;
    if (kinds !== 1) throw new UsageError('Say what to export: --athlete <email>, --team --coach <email>, or --user <email> --out <file>.');
    if (options.team && !options.coach) throw new UsageError('--team needs --coach <email>.');
    if (options.user && !options.out) throw new UsageError('--user writes a ZIP: give it --out <file>.');
    const out = options.out ? fs.createWriteStream(options.out) : process.stdout;
    await withPlatform(async (platform) => {
      if (options.user) await runDataExport(platform.pool, options.user, out);
      else if (options.team) await runTeamExport(platform.pool, { coach: options.coach!, range: options.range, mode: options.mode, unit: options.unit }, out);
      else await runExport(platform.pool, { athlete: options.athlete!, layout: options.layout, unit: options.unit, records: options.records }, out);
    });
    if (options.out) process.stderr.write(`Written to ${options.out}\n`);
    return 0;
  },
});

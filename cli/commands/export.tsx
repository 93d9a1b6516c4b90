/** `spotter export`: an athlete's history or records as a CSV file (Strong's or Hevy's layout). */
import fs from 'node:fs';
import { defineCommand } from '../command.ts';
import { withPlatform } from '../lib/platform.ts';
import { runExport } from '../lib/export.ts';
import { UsageError } from '../command.ts';

export default defineCommand<{ athlete?: string; layout?: string; unit?: string; records?: boolean; out?: string }>({
  name: 'export',
  description: "Write an athlete's training history (or records) as CSV in Strong's or Hevy's layout, to stdout or a file",
  options: [
    { flags: '--athlete <email>', description: "the athlete's e-mail address" },
    { flags: '--layout <strong|hevy>', description: 'the layout (default: strong)' },
    { flags: '--unit <kg|lb>', description: "the loads' unit (default: the athlete's)" },
    { flags: '--records', description: 'the performance records instead of the workouts' },
    { flags: '--out <file>', description: 'write to this file (default: stdout)' },
  ],
  examples: [
    'spotter export --athlete ann@demo.spotter > ann-strong.csv',
    'spotter export --athlete ann@demo.spotter --layout hevy --unit kg --out ann-hevy.csv',
    'spotter export --athlete ann@demo.spotter --records',
  ],
  async run({ options }) {
    if (!options.athlete) throw new UsageError('--athlete <email> is required.');
    const out = options.out ? fs.createWriteStream(options.out) : process.stdout;
    await withPlatform((platform) => runExport(platform.pool, { athlete: options.athlete!, layout: options.layout, unit: options.unit, records: options.records }, out));
    if (options.out) process.stderr.write(`Written to ${options.out}\n`);
    return 0;
  },
});

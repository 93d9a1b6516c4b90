/** `spotter restore <file>`: loads a backup into a fresh database and rebuilds every read model (cli/lib/backup.ts). */
import fs from 'node:fs';
import { defineCommand, UsageError } from '../command.ts';
import { withPlatform } from '../lib/platform.ts';
import { restoreAndRebuild, RestoreRefused } from '../lib/backup.ts';
import { printJson } from '../ui/print.ts';

export default defineCommand<{ json?: boolean }>({
  name: 'restore',
  description: 'Load a backup (spotter backup) into a fresh database and rebuild the read models from its events',
  arguments: [{ name: 'file', description: 'a file written by spotter backup', required: true }],
  examples: [
    'SPOTTER_DATA_DIR=/var/lib/spotter-new spotter restore spotter-2025-06-01.backup    # a new embedded database',
    'DATABASE_URL=postgres://…/spotter_new spotter restore spotter-2025-06-01.backup   # an empty PostgreSQL database',
  ],
  options: [{ flags: '--json', description: 'print the summary as JSON ({ file, events, tables })' }],
  async run({ args, options }) {
    const file = args[0]!;
    if (!fs.existsSync(file)) throw new UsageError(`no such file: ${file}`);
    try {
      const summary = await withPlatform((platform) => restoreAndRebuild(platform, file, (m) => process.stderr.write(`${m}\n`)), { schema: 'install' });
      const rows = Object.values(summary.tables).reduce((a, b) => a + b, 0);
      if (options.json) printJson({ file, events: summary.events, tables: summary.tables });
      else process.stdout.write(`restored ${summary.events} events and ${rows} rows of ${Object.keys(summary.tables).length} tables from ${file}; read models rebuilt\n`);
      return 0;
    } catch (e) {
      if (e instanceof RestoreRefused) throw new UsageError(`restore refused: ${e.message}`);
      throw e;
    }
  },
});

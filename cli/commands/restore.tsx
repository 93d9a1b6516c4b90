/** `spotter restore <file>`: loads a backup into a fresh database and rebuilds every read model (cli/lib/backup.ts). */
import fs from 'node:fs';
import { defineCommand, UsageError } from '../command.ts';
import { withPlatform } from '../lib/platform.ts';
import { defaultEraseLog, restoreAndRebuild, RestoreRefused } from '../lib/backup.ts';
import { printJson } from '../ui/print.ts';
import { readEraseLog } from '../../src/privacy/index.ts';

export default defineCommand<{ eraseLog?: string; json?: boolean }>({
  name: 'restore',
  description: 'Load a backup (spotter backup) into a fresh database and rebuild the read models from its events',
  arguments: [{ name: 'file', description: 'a file written by spotter backup', required: true }],
  options: [
    {
      flags: '--erase-log <file>',
      description: 'the erase log to re-apply after loading (default: $SPOTTER_ERASE_LOG, else spotter-erasures.jsonl next to the backup)',
    },
    { flags: '--json', description: 'print the summary as JSON ({ file, events, tables, eraseLog, reErased })' },
  ],
  examples: [
    'SPOTTER_DATA_DIR=/var/lib/spotter-new spotter restore spotter-2025-06-01.backup    # a new embedded database',
    'DATABASE_URL=postgres://…/spotter_new spotter restore spotter-2025-06-01.backup   # an empty PostgreSQL database',
  ],
  async run({ args, options }) {
    const file = args[0]!;
    if (!fs.existsSync(file)) throw new UsageError(`no such file: ${file}`);
    const eraseLog = options.eraseLog || defaultEraseLog(file);
    if (options.eraseLog && !fs.existsSync(eraseLog)) throw new UsageError(`no such erase log: ${eraseLog}`);
    // Read before anything is loaded: a malformed log stops the restore with nothing written.
    const erasures = await readEraseLog(eraseLog);
    if (!fs.existsSync(eraseLog)) process.stderr.write(`no erase log at ${eraseLog}: erasures made after this backup are not re-applied\n`);
    try {
      const summary = await withPlatform((platform) => restoreAndRebuild(platform, file, (m) => process.stderr.write(`${m}\n`), erasures), {
        schema: 'install',
      });
      const rows = Object.values(summary.tables).reduce((a, b) => a + b, 0);
      if (options.json) printJson({ file, events: summary.events, tables: summary.tables, eraseLog, reErased: summary.reErased.accounts.length });
      else
        process.stdout.write(
          `restored ${summary.events} events and ${rows} rows of ${Object.keys(summary.tables).length} tables from ${file}; read models rebuilt; erase log ${eraseLog}: ${summary.reErased.accounts.length} account(s) erased again\n`,
        );
      return 0;
    } catch (e) {
      if (e instanceof RestoreRefused) throw new UsageError(`restore refused: ${e.message}`);
      throw e;
    }
  },
});

/** `spotter backup <file>`: the event store and every table that cannot be rebuilt, in one snapshot (cli/lib/backup.ts). */
import { defineCommand } from '../command.ts';
import { withPlatform } from '../lib/platform.ts';
import { backupDatabase, defaultEraseLog } from '../lib/backup.ts';
import { printJson } from '../ui/print.ts';
import { appendEraseLog, erasuresInDatabase } from '../../src/privacy/index.ts';

export default defineCommand<{ eraseLog?: string; json?: boolean }>({
  name: 'backup',
  description: 'Write the events and the tables that cannot be rebuilt (accounts, sessions, mail outbox) to a file; read models are rebuilt on restore',
  arguments: [{ name: 'file', description: 'where to write the backup (gzipped JSON lines, readable by the owner only)', required: true }],
  options: [
    {
      flags: '--erase-log <file>',
      description: "the erase log to merge this database's erasures into (default: $SPOTTER_ERASE_LOG, else spotter-erasures.jsonl next to the backup)",
    },
    { flags: '--json', description: 'print the summary as JSON ({ file, events, tables, eraseLog, newErasures })' },
  ],
  examples: ['spotter backup spotter-2025-06-01.backup    # while the server runs: one consistent snapshot', 'spotter backup nightly.backup --json'],
  async run({ args, options }) {
    const file = args[0]!;
    const eraseLog = options.eraseLog || defaultEraseLog(file);
    const { summary, logged } = await withPlatform(async (platform) => {
      const summary = await backupDatabase(
        platform.pool,
        file,
        platform.runner.projections().filter((p) => p.reactor),
      );
      // Every erasure so far, kept outside the backups: a restore of an older backup re-applies them.
      return { summary, logged: await appendEraseLog(eraseLog, await erasuresInDatabase(platform.pool)) };
    });
    const rows = Object.values(summary.tables).reduce((a, b) => a + b, 0);
    if (options.json) printJson({ file, events: summary.events, tables: summary.tables, eraseLog, newErasures: logged });
    else {
      process.stdout.write(`backed up ${summary.events} events and ${rows} rows of ${Object.keys(summary.tables).length} tables to ${file}\n`);
      process.stdout.write(`erase log ${eraseLog}: ${logged} new erasure(s)\n`);
    }
    return 0;
  },
});

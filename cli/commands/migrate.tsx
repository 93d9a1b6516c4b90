/** `spotter migrate`: the one command (with `restore`) that creates or upgrades the schema. */
import type pg from 'pg';
import { defineCommand } from '../command.ts';
import { describeTarget } from '../lib/connection.ts';
import { withPlatform } from '../lib/platform.ts';
import { loadConfig } from '../../src/platform/config.ts';
import { migrate, pendingMigrations } from '../../src/platform/db/migrations.ts';
import { encryptStoredEvents } from '../../src/platform/eventstore/encrypt-stored.ts';
import { PostgresEventStore } from '../../src/platform/eventstore/postgres.ts';
import { printJson } from '../ui/print.ts';

export default defineCommand<{ json?: boolean }>({
  name: 'migrate',
  description: 'Install the Spotter schema into the database, or bring it up to date (the server does this at start; no other command does)',
  options: [{ flags: '--json', description: 'print JSON instead of a sentence' }],
  examples: [
    'DATABASE_URL=postgres://spotter@db/spotter spotter migrate   # install into a new, empty database',
    'spotter migrate --json                                       # {"database": "…", "applied": ["001-…", …]}',
  ],
  async run({ options }) {
    const { databaseUrl, embeddedDataDir } = loadConfig();
    const database = describeTarget({ databaseUrl, embeddedDataDir });
    const { applied, installed } = await withPlatform(
      async (platform) => {
        const pending = await pendingMigrations(platform.pool);
        await migrate(platform.pool);
        // And the one-time encryption of events stored before issue 26, as the server's start does.
        if (platform.store instanceof PostgresEventStore) await encryptStoredEvents(platform.pool, platform.store.codec, (m) => process.stderr.write(`${m}\n`));
        const now = await pendingMigrations(platform.pool);
        const done = new Set(now ?? []);
        return { installed: pending === null, applied: (pending ?? (await allIds(platform.pool))).filter((id) => !done.has(id)) };
      },
      { schema: 'unchecked' },
    );
    if (options.json) printJson({ database, installed, applied });
    else
      process.stdout.write(
        applied.length === 0
          ? `The Spotter schema in ${database} is up to date.\n`
          : `${installed ? 'Installed' : 'Upgraded'} the Spotter schema in ${database}: ${applied.length} migration(s) applied.\n`,
      );
    return 0;
  },
});

async function allIds(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ id: string }>('SELECT id FROM schema_migrations ORDER BY id');
  return rows.map((r) => r.id);
}

/**
 * Wires the parts every entry point needs (server, CLI, tests, benchmarks): the
 * database (embedded unless DATABASE_URL is set), migrations, the event store and
 * the projection runner.
 */
import pg from 'pg';
import type { Config } from './config.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.ts';
import { migrate } from './db/migrations.ts';
import { watchPool } from './db/watch-pool.ts';
import type { EventStore } from './eventstore/port.ts';
import { PostgresEventStore } from './eventstore/postgres.ts';
import { KeyRing, PersonalDataCodec } from './eventstore/personal-data.ts';
import { encryptStoredEvents } from './eventstore/encrypt-stored.ts';
import { ProjectionRunner, type RunnerOptions } from './projections/runner.ts';
import { lowerBackendPriority } from './db/background-priority.ts';
import type { Projection } from './projections/projection.ts';

export interface Platform {
  databaseUrl: string;
  pool: pg.Pool;
  store: EventStore;
  runner: ProjectionRunner;
  close(): Promise<void>;
  /** Stops the embedded PostgreSQL if this process owns it (a last resort when close() hangs); idempotent. */
  stopDatabase(): Promise<void>;
}

// bigint columns (counts, positions) come back as strings unless told otherwise;
// int8 values we store all fit in a double.
pg.types.setTypeParser(20, (v) => Number(v));
// Dates stay 'YYYY-MM-DD' strings: a calendar day has no time zone.
pg.types.setTypeParser(1082, (v) => v);

export async function connectDatabase(
  config: Pick<Config, 'databaseUrl' | 'embeddedDataDir'> & Partial<Pick<Config, 'embeddedPointerFile'>>,
  log = console.log,
): Promise<{ url: string; embedded: EmbeddedDatabase | null }> {
  if (config.databaseUrl) return { url: config.databaseUrl, embedded: null };
  const embedded = await startEmbeddedPostgres(config.embeddedDataDir, { log, pointerFile: config.embeddedPointerFile });
  if (embedded.adopted) log(`Found the embedded PostgreSQL of a process that ended (data in ${config.embeddedDataDir}); this process will stop it on exit`);
  else if (embedded.owned) log(`Embedded PostgreSQL started (data in ${config.embeddedDataDir})`);
  else log('Using the embedded PostgreSQL that is already running for this checkout');
  return { url: embedded.url, embedded };
}

export async function createEventStore(config: Pick<Config, 'eventstoreUrl'>, pool: pg.Pool): Promise<EventStore> {
  if (!config.eventstoreUrl) return new PostgresEventStore(pool);
  const { EventStoreDbEventStore } = await import('./eventstore/eventstoredb.ts');
  return new EventStoreDbEventStore(config.eventstoreUrl, { streamPrefixes: [], codec: new PersonalDataCodec(new KeyRing(pool)) });
}

export async function startPlatform(
  config: Pick<Config, 'databaseUrl' | 'embeddedDataDir' | 'eventstoreUrl'> & Partial<Pick<Config, 'embeddedPointerFile'>>,
  opts: {
    /** What the runner owns: every feature's projections (src/features.ts), or a test's few. */
    projections: Projection[];
    /** Reactors that need the event store (Feature.reactors), added once it exists. */
    reactors?: (store: EventStore) => Projection[];
    runProjections?: boolean;
    log?: (m: string) => void;
    poolSize?: number;
    /** False: never create or change the schema (the CLI checks it instead; see cli/lib/platform.ts). */
    migrate?: boolean;
    /** Told each time a projection this process runs has applied up to a checkpoint. */
    onApplied?: RunnerOptions['onApplied'];
    onOwnership?: RunnerOptions['onOwnership'];
    /** Background work only (the projection thread): every connection's backend at this lower CPU priority (background-priority.ts). */
    backendNice?: number;
  },
): Promise<Platform> {
  const log = opts.log ?? console.log;
  const { url, embedded } = await connectDatabase(config, log);
  let stopping: Promise<void> | null = null;
  const stopDatabase = () => (stopping ??= embedded?.owned ? embedded.stop() : Promise.resolve());
  // Idle connections stay: opening one costs far more than keeping it (issue 16).
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.poolSize ?? 20,
    idleTimeoutMillis: 0,
    // A session whose process died (SIGKILL) is ended within 2 s even while it waits
    // for a lock: otherwise its append could still commit after a retry took its
    // Idempotency-Key claim over (5 s, see http/idempotency.ts) and ran it again.
    options: '-c client_connection_check_interval=2000',
  });
  watchPool(pool, log);
  // Queued ahead of the connection's first query, which therefore already runs niced.
  const nice = opts.backendNice;
  if (nice !== undefined) pool.on('connect', (client) => void lowerBackendPriority(client, nice));
  if (opts.migrate !== false) await migrate(pool);
  const store = await createEventStore(config, pool);
  // The one-time rewrite of plaintext events is part of installing the schema: a process
  // told not to touch the schema (the CLI, which checks it first) leaves the data alone too.
  if (opts.migrate !== false && store instanceof PostgresEventStore) await encryptStoredEvents(pool, store.codec, log);
  const runner = new ProjectionRunner(pool, store, url, [...opts.projections, ...(opts.reactors?.(store) ?? [])], {
    log,
    ...(opts.onApplied ? { onApplied: opts.onApplied } : {}),
    ...(opts.onOwnership ? { onOwnership: opts.onOwnership } : {}),
  });
  if (opts.runProjections !== false) await runner.start();
  return {
    databaseUrl: url,
    pool,
    store,
    runner,
    async close() {
      await runner.stop();
      await store.close();
      await pool.end();
      await stopDatabase();
    },
    stopDatabase,
  };
}

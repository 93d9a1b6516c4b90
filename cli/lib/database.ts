/**
 * Which embedded PostgreSQL the CLI uses. The server may run on another data folder
 * (SPOTTER_DATA_DIR set for it, not for the CLI): the CLI then finds it through the
 * checkout's pointer file rather than quietly starting a second, empty database.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../src/platform/config.ts';
import { readPointer, runningPort, stopEmbeddedAt } from '../../src/platform/db/embedded.ts';

export const NONE_RUNNING =
  "No Spotter database is running for this checkout and none has been created here yet: start the server with `npm start` first, or set DATABASE_URL (or SPOTTER_DATA_DIR to the server's data folder).";

type DbConfig = Pick<Config, 'databaseUrl' | 'embeddedDataDir' | 'embeddedDataDirExplicit' | 'embeddedPointerFile'>;

/** The config with the data folder the CLI should use; throws NONE_RUNNING when there is none. */
export async function resolveDatabase<C extends DbConfig>(config: C): Promise<C> {
  if (config.databaseUrl || config.embeddedDataDirExplicit) return config;
  const pointer = await readPointer(config.embeddedPointerFile);
  if (pointer && (await runningPort(pointer.dataDir)) !== null) return { ...config, embeddedDataDir: pointer.dataDir };
  if ((await runningPort(config.embeddedDataDir)) !== null) return config;
  // Not running but created here before (the server is stopped): the CLI may start it for its own run.
  if (fs.existsSync(path.join(config.embeddedDataDir, 'PG_VERSION'))) return config;
  throw new Error(NONE_RUNNING);
}

/** `spotter db stop`: stops this checkout's embedded PostgreSQL, e.g. one left behind by a killed server. */
export async function stopDatabase(config: DbConfig): Promise<string> {
  if (config.databaseUrl) return 'DATABASE_URL is set: that PostgreSQL is not ours to stop.';
  const candidates = [config.embeddedDataDir];
  if (!config.embeddedDataDirExplicit) {
    const pointer = await readPointer(config.embeddedPointerFile);
    if (pointer) candidates.unshift(pointer.dataDir);
  }
  for (const dir of candidates) {
    const pid = await stopEmbeddedAt(dir);
    if (pid !== null) {
      const stillUp = (await runningPort(dir)) !== null;
      return stillUp ? `The embedded PostgreSQL (pid ${pid}, data in ${dir}) did not stop.` : `Stopped the embedded PostgreSQL (pid ${pid}, data in ${dir}).`;
    }
  }
  return 'No embedded PostgreSQL is running for this checkout.';
}

/**
 * Which embedded PostgreSQL the CLI uses. The server may run on another data folder
 * (SPOTTER_DATA_DIR set for it, not for the CLI): the CLI then finds it through the
 * checkout's pointer file rather than quietly starting a second, empty database.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../src/platform/config.ts';
import pg from 'pg';
import { readPointer, runningPort, stopEmbeddedAt, urlFor } from '../../src/platform/db/embedded.ts';
import { serverRunning } from './server.ts';

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

export interface StopTarget {
  dataDir: string;
  port: number;
  /** A Spotter server runs on it (holds projection ownership locks): stopping it leaves that server degraded. */
  serverRunning: boolean;
}

/** The embedded PostgreSQL `db stop` would stop, and whether a server uses it; null when none runs. */
export async function stopTarget(config: DbConfig): Promise<StopTarget | null> {
  if (config.databaseUrl) return null;
  const candidates = [config.embeddedDataDir];
  if (!config.embeddedDataDirExplicit) {
    const pointer = await readPointer(config.embeddedPointerFile);
    if (pointer) candidates.unshift(pointer.dataDir);
  }
  for (const dataDir of candidates) {
    const port = await runningPort(dataDir);
    if (port === null) continue;
    const client = new pg.Client({ connectionString: urlFor(port) });
    try {
      await client.connect();
      return { dataDir, port, serverRunning: await serverRunning(client) };
    } catch {
      // Starting up or shutting down: nothing answers, so no server is using it.
      return { dataDir, port, serverRunning: false };
    } finally {
      await client.end().catch(() => {});
    }
  }
  return null;
}

export interface StopResult {
  stopped: boolean;
  pid: number | null;
  dataDir: string | null;
  message: string;
}

/** `spotter db stop`: stops this checkout's embedded PostgreSQL, e.g. one left behind by a killed server. */
export async function stopDatabase(config: DbConfig, target?: StopTarget | null): Promise<StopResult> {
  if (config.databaseUrl) return { stopped: false, pid: null, dataDir: null, message: 'DATABASE_URL is set: that PostgreSQL is not ours to stop.' };
  const found = target === undefined ? await stopTarget(config) : target;
  if (!found) return { stopped: false, pid: null, dataDir: null, message: 'No embedded PostgreSQL is running for this checkout.' };
  const pid = await stopEmbeddedAt(found.dataDir);
  const stillUp = (await runningPort(found.dataDir)) !== null;
  if (pid === null) return { stopped: false, pid, dataDir: found.dataDir, message: 'No embedded PostgreSQL is running for this checkout.' };
  return stillUp
    ? { stopped: false, pid, dataDir: found.dataDir, message: `The embedded PostgreSQL (pid ${pid}, data in ${found.dataDir}) did not stop.` }
    : { stopped: true, pid, dataDir: found.dataDir, message: `Stopped the embedded PostgreSQL (pid ${pid}, data in ${found.dataDir}).` };
}

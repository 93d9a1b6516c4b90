/** `spotter status`: where each projection stands, from the runner and the lock table. */
import type { Checkpoint } from '../../src/platform/eventstore/port.ts';
import type { CliPlatform } from './platform.ts';
import { heldLocks, OWNERSHIP_LOCK, REPLAY_LOCK } from './locks.ts';

export type Owner = 'this process' | 'another process' | 'none';

export interface ProjectionStatusRow {
  name: string;
  /** A reactor causes effects (mails): it runs like a projection but is never replayed. */
  reactor: boolean;
  /** Version of the code that built the serving tables. */
  version: number;
  /** Version of the projection's code now; when it differs from `version`, a replay is due. */
  codeVersion: number;
  /** Serving copy of the tables; 0 when the projection was never installed. */
  generation: number;
  checkpoint: Checkpoint | null;
  /** Events in the store the serving copy has not applied yet. */
  lag: number;
  owner: Owner;
  /** Only known for projections this process runs: the runner keeps it in memory. */
  lastError: string | null;
  /** Events the projection could not apply and parked: `spotter parked` lists them. */
  parked: number;
  rebuilding: {
    generation: number;
    checkpoint: Checkpoint | null;
    /** False when no `spotter replay` holds the replay lock: the rebuild was interrupted. */
    active: boolean;
  } | null;
}

export async function loadStatus(platform: CliPlatform): Promise<ProjectionStatusRow[]> {
  const statuses = await platform.runner.status();
  const names = statuses.map((s) => s.name);
  const [owned, replaying] = await Promise.all([heldLocks(platform.pool, OWNERSHIP_LOCK, names), heldLocks(platform.pool, REPLAY_LOCK, names)]);
  const code = new Map(platform.runner.projections().map((p) => [p.name, p]));
  return statuses.map((s) => ({
    name: s.name,
    reactor: code.get(s.name)?.reactor === true,
    version: s.version,
    codeVersion: code.get(s.name)?.version ?? s.version,
    generation: s.generation,
    checkpoint: s.checkpoint,
    lag: s.lag,
    owner: s.owned ? 'this process' : owned.has(s.name) ? 'another process' : 'none',
    lastError: s.lastError,
    parked: s.parked,
    rebuilding: s.rebuilding && { ...s.rebuilding, active: replaying.has(s.name) },
  }));
}

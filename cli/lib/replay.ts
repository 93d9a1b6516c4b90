/**
 * `spotter replay`: rebuild projections without downtime. The runner's rebuild fills
 * the next generation of tables while the serving one keeps answering (and keeps being
 * updated by the server), then switches over in one transaction.
 */
import type { Projection } from '../../projections/projection.ts';
import type { RebuildProgress } from '../../projections/rebuild.ts';
import { installProjection } from '../../projections/schema.ts';
import type { CliPlatform } from './platform.ts';
import { REPLAY_LOCK } from './locks.ts';

export type { RebuildProgress };

export class UnknownProjectionError extends Error {
  constructor(
    readonly projection: string,
    readonly known: string[],
  ) {
    super(`Unknown projection "${projection}". Known projections: ${known.join(', ')}`);
    this.name = 'UnknownProjectionError';
  }
}

export class ReplayRunningError extends Error {
  constructor(readonly projection: string) {
    super(`A replay of ${projection} is already running in another process`);
    this.name = 'ReplayRunningError';
  }
}

export interface ReplayResult {
  projection: string;
  generation: number;
  events: number;
  elapsedMs: number;
  eventsPerSecond: number;
}

/** The named projections in the given order, or all of them when none is named. */
export function resolveProjections(known: Projection[], names: string[]): Projection[] {
  if (names.length === 0) return known;
  return names.map((name) => {
    const p = known.find((k) => k.name === name);
    if (!p) throw new UnknownProjectionError(name, known.map((k) => k.name).sort());
    return p;
  });
}

export function eventsPerSecond(events: number, elapsedMs: number): number {
  return Math.round((events * 1000) / Math.max(elapsedMs, 1));
}

export function summarise(done: RebuildProgress): ReplayResult {
  return {
    projection: done.projection,
    generation: done.generation,
    events: done.eventsRead,
    elapsedMs: done.elapsedMs,
    eventsPerSecond: eventsPerSecond(done.eventsRead, done.elapsedMs),
  };
}

/** Rebuilds the named projections (all when `names` is empty) one after another. */
export async function replay(platform: CliPlatform, names: string[], onProgress?: (p: RebuildProgress) => void): Promise<ReplayResult[]> {
  const projections = resolveProjections(platform.runner.projections(), names);
  const results: ReplayResult[] = [];
  for (const p of projections) results.push(await replayOne(platform, p, onProgress));
  return results;
}

async function replayOne(platform: CliPlatform, p: Projection, onProgress?: (p: RebuildProgress) => void): Promise<ReplayResult> {
  // Two rebuilds of one projection would write into the same next-generation tables
  // (each drops and recreates them): hold a session lock for the whole rebuild. It goes
  // with the connection if this process dies, which is how status tells an interrupted
  // rebuild from a running one.
  const lock = await platform.pool.connect();
  try {
    const { rows } = await lock.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, hashtext($2)) AS ok', [REPLAY_LOCK, p.name]);
    if (!rows[0]!.ok) throw new ReplayRunningError(p.name);
    try {
      // The rebuild needs the serving generation's row. On a database where the server
      // never ran, install the (empty) first generation, as the runner would on start.
      await installProjection(platform.pool, p);
      return summarise(await platform.runner.rebuild(p.name, onProgress));
    } finally {
      await lock.query('SELECT pg_advisory_unlock($1, hashtext($2))', [REPLAY_LOCK, p.name]).catch(() => {});
    }
  } finally {
    lock.release();
  }
}

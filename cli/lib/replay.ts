/**
 * `spotter replay`: rebuild projections without downtime. The runner's rebuild fills
 * the next generation of tables while the serving one keeps answering (and keeps being
 * updated by the server), then switches over in one transaction.
 */
import type { Projection } from '../../src/platform/projections/projection.ts';
import type { RebuildProgress } from '../../src/platform/projections/rebuild.ts';
import type { CliPlatform } from './platform.ts';
import { RebuildRunningError } from '../../src/platform/projections/rebuild.ts';

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

export class ReactorReplayError extends Error {
  constructor(
    readonly projection: string,
    readonly replayable: string[],
  ) {
    super(`${projection} is a reactor: replaying it would repeat its effects. Projections you can replay: ${replayable.join(', ')}`);
    this.name = 'ReactorReplayError';
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

/**
 * The named projections in the given order, or every projection when none is named.
 * Reactors (mail) are never replayed: replaying would repeat their effects.
 */
export function resolveProjections(known: Projection[], names: string[]): Projection[] {
  const replayable = known.filter((p) => !p.reactor);
  if (names.length === 0) return replayable;
  const replayableNames = replayable.map((p) => p.name).sort();
  return names.map((name) => {
    const p = known.find((k) => k.name === name);
    if (!p) throw new UnknownProjectionError(name, replayableNames);
    if (p.reactor) throw new ReactorReplayError(name, replayableNames);
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

/**
 * Rebuilds the named projections (all but the reactors when `names` is empty) together,
 * from one read of the store; each switches over in turn once the read is done.
 * `writers`: connections writing at once (`--writers`; three when absent).
 */
export async function replay(platform: CliPlatform, names: string[], onProgress?: (p: RebuildProgress) => void, writers?: number): Promise<ReplayResult[]> {
  const projections = resolveProjections(platform.runner.projections(), names);
  try {
    const chosen = projections.map((p) => p.name);
    return (await platform.runner.rebuildTogether(chosen, onProgress, writers)).map(summarise);
  } catch (e) {
    if (e instanceof RebuildRunningError) throw new ReplayRunningError(e.projection);
    throw e;
  }
}

/**
 * `spotter replay`: rebuild projections without downtime. The runner's rebuild fills
 * the next generation of tables while the serving one keeps answering (and keeps being
 * updated by the server), then switches over in one transaction.
 */
import type { Projection } from '../../src/platform/projections/projection.ts';
import type { RebuildProgress } from '../../src/platform/projections/rebuild.ts';
import type { CliPlatform } from './platform.ts';
import { RebuildRunningError } from '../../src/platform/projections/rebuild.ts';
import { serverRunning } from './server.ts';

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

/** Connections a replay writes through when no server runs on its database: it finishes soonest. */
export const OFFLINE_WRITERS = 3;
/** ... and while a server runs on it: live commands keep their speed (replayWriters). */
export const LIVE_WRITERS = 1;

/**
 * How many connections a replay writes through: `asked` (`--writers`) when given, else
 * one while a server runs on this database and three when none does.
 *
 * Why one beside a live server (issue 28, measured): 200 commands/s while training, team
 * analytics and performance records replayed on the scale bench's 762,633-event store
 * (`npm run bench:scale:commands`): three writers, HTTP p99 81.7 ms and command →
 * websocket p99 151.5 ms; one writer, in two runs, 23.7 / 52.5 and 56.4 / 98 ms, for a
 * replay about a fifth longer (516 and 541 s against 428 s). Three writers at normal
 * priority were worse still (159.4 / 238.1 ms). Not shown, only likely: fewer background
 * backends in the middle of a WAL insertion that a live commit's flush must wait for.
 * Alone on the database, three are what finish soonest.
 */
export async function replayWriters(platform: Pick<CliPlatform, 'pool'>, asked?: number): Promise<number> {
  if (asked !== undefined) return asked;
  return (await serverRunning(platform.pool)) ? LIVE_WRITERS : OFFLINE_WRITERS;
}

/**
 * Rebuilds the named projections (all but the reactors when `names` is empty) together,
 * from one read of the store; each switches over in turn once the read is done.
 * `writers`: connections writing at once (`--writers`; replayWriters' choice when absent).
 */
export async function replay(platform: CliPlatform, names: string[], onProgress?: (p: RebuildProgress) => void, writers?: number): Promise<ReplayResult[]> {
  const projections = resolveProjections(platform.runner.projections(), names);
  try {
    const chosen = projections.map((p) => p.name);
    return (await platform.runner.rebuildTogether(chosen, onProgress, await replayWriters(platform, writers))).map(summarise);
  } catch (e) {
    if (e instanceof RebuildRunningError) throw new ReplayRunningError(e.projection);
    throw e;
  }
}

/**
 * The settings of the tools that work on a store `BENCH_SCALE_KEEP=1 npm run bench:scale`
 * kept (`bench:scale:rebuild`, `bench:scale:commands`): its URL, the read models to
 * rebuild and how many runs.
 */
import { allProjections } from '../src/features.ts';
import type { Projection } from '../src/platform/projections/projection.ts';

export interface KeptStoreSettings {
  url: string;
  /** `BENCH_SCALE_PROJECTIONS` (names, comma-separated), or all read models. */
  readModels: Projection[];
  runs: number;
  /** `BENCH_SCALE_WRITERS`: the rebuild's writing connections (unset: each tool's default). */
  writers?: number;
}

export function keptStoreSettings(env: NodeJS.ProcessEnv = process.env): KeptStoreSettings {
  const url = env.BENCH_SCALE_DATABASE_URL;
  if (!url) throw new Error('BENCH_SCALE_DATABASE_URL: the URL that `BENCH_SCALE_KEEP=1 npm run bench:scale` printed');
  const only = env.BENCH_SCALE_PROJECTIONS?.split(',').map((s) => s.trim());
  const readModels = allProjections.filter((p) => !p.reactor && (!only || only.includes(p.name)));
  const unknown = only?.filter((name) => !readModels.some((p) => p.name === name)) ?? [];
  if (unknown.length > 0) throw new Error(`BENCH_SCALE_PROJECTIONS: no read model named ${unknown.join(', ')}`);
  const runs = Number(env.BENCH_SCALE_RUNS ?? 1);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('BENCH_SCALE_RUNS: a whole number of runs, at least 1');
  const writers = env.BENCH_SCALE_WRITERS === undefined ? undefined : Number(env.BENCH_SCALE_WRITERS);
  if (writers !== undefined && !(Number.isInteger(writers) && writers >= 1 && writers <= 16)) throw new Error('BENCH_SCALE_WRITERS: a whole number of writers, 1 to 16');
  return { url, readModels, runs, writers };
}

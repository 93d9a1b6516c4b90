/** Every projection the server runs: the platform's own and each feature's. Reactors (mail) are added by src/server.ts. */
import type { Projection } from './projection.ts';
import { streamSummaries } from './stream-summaries.ts';
import { userProfiles } from './user-profiles.ts';
import { features } from '../src/features.ts';

export const allProjections: Projection[] = [streamSummaries, userProfiles, ...features.flatMap((f) => f.projections ?? [])];

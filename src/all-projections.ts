/** Every projection the server runs: the platform's own and each feature's. Reactors (mail) are added by src/server.ts. */
import type { Projection } from './platform/projections/projection.ts';
import { streamSummaries } from './platform/projections/stream-summaries.ts';
import { userProfiles } from '../projections/accounts/user-profiles.ts';
import { features } from './features.ts';

export const allProjections: Projection[] = [streamSummaries, userProfiles, ...features.flatMap((f) => f.projections ?? [])];

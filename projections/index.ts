/** Every projection the server runs. Reactors (mail) are added by src/server.ts. */
import type { Projection } from './projection.ts';
import { streamSummaries } from './stream-summaries.ts';
import { userProfiles } from './user-profiles.ts';

export const allProjections: Projection[] = [streamSummaries, userProfiles];

/** Every projection the server runs, in no particular order. */
import type { Projection } from './projection.ts';
import { streamSummaries } from './stream-summaries.ts';

export const allProjections: Projection[] = [streamSummaries];

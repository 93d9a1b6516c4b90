/**
 * Puts the shipped catalogue (catalogue.json) into the event store at start-up.
 * Each entry has its own stream named after its slug, appended only when that
 * stream does not exist yet ('no_stream'), so restarts and two servers starting
 * at once never duplicate an exercise. Entries already loaded are left alone:
 * the catalogue is data that grows, not a migration that rewrites.
 */
import type { Checkpoint, EventStore } from '../platform/eventstore/port.ts';
import { handleCommand } from '../platform/handle-command.ts';
import catalogue from './catalogue.json' with { type: 'json' };
import { catalogueExerciseId, exerciseDecider, exerciseStream } from './domain/exercise.ts';

export interface CatalogueEntry {
  name: string;
  muscles: string[];
  pattern: string;
  joints: string[];
  use_case: string;
  exercise_type: string;
}

export const catalogueEntries: readonly CatalogueEntry[] = catalogue;

/** Parallel appends: fast enough at start-up without hogging the pool. */
const CONCURRENCY = 8;

/** How many entries were added (0 when the catalogue was already there) and the checkpoint of the last one. */
export async function loadCatalogue(
  store: EventStore,
  now: () => Date,
  entries: readonly CatalogueEntry[] = catalogueEntries,
): Promise<{ added: number; checkpoint: Checkpoint | null }> {
  let added = 0;
  let checkpoint: Checkpoint | null = null;
  let next = 0;
  const worker = async () => {
    while (next < entries.length) {
      const entry = entries[next++];
      const exerciseId = catalogueExerciseId(entry.name);
      const result = await handleCommand(
        store,
        exerciseStream(exerciseId),
        exerciseDecider,
        {
          type: 'AddCatalogueExercise',
          exerciseId,
          exerciseType: entry.exercise_type,
          details: { name: entry.name, pattern: entry.pattern, muscles: entry.muscles, joints: entry.joints, useCase: entry.use_case, youtubeUrl: null },
        },
        // A fixed event id as well: EventStoreDB then also drops a repeated append.
        { userId: null, now, idempotencyKey: 'catalogue' },
      );
      if (result.append) {
        added++;
        if (!checkpoint || result.append.checkpoint > checkpoint) checkpoint = result.append.checkpoint;
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { added, checkpoint };
}

/** What the transfer routes answer (their response schemas, also the OpenAPI document's). */
import { Type } from '@sinclair/typebox';
import { Checkpoint, Nullable, StringEnum } from '../platform/http/response-schemas.ts';

const Day = Type.String({ format: 'date', description: 'YYYY-MM-DD' });

/** A CSV file (text/csv), sent as it is written. */
export const CsvOut = Type.String({ description: 'CSV text (text/csv; charset=utf-8), one header row then one row per set or record.' });

export const ImportOut = Type.Object({
  dry_run: Type.Boolean({ description: 'True: a preview, nothing was written.' }),
  layout: StringEnum(['strong', 'strong-semicolon', 'hevy'] as const),
  unit: StringEnum(['lb', 'kg'] as const, { description: 'The unit the loads were read in.' }),
  rows: Type.Integer(),
  skipped_rows: Type.Integer({ description: 'Rows that are no set (Strong’s rest timers).' }),
  workouts: Type.Integer(),
  sets: Type.Integer(),
  warmup_sets: Type.Integer(),
  distance_sets: Type.Integer({ description: 'Sets with a distance: Spotter keeps no distances.' }),
  from: Nullable(Day),
  to: Nullable(Day),
  existing_workouts: Type.Integer({ description: 'Workouts of the file already in the history (an earlier import): not added again.' }),
  new_workouts: Type.Integer(),
  exercises: Type.Array(
    Type.Object({
      query: Type.String({ description: 'The exercise name as the file writes it.' }),
      sets: Type.Integer(),
      match: Nullable(Type.String({ description: 'The same exercise in the library (letter case aside).' })),
      suggestions: Type.Array(Type.String(), { description: 'Library names that look alike, best first.' }),
      mapped_to: Nullable(Type.String({ description: 'The name used instead, from the mapping sent.' })),
    }),
  ),
  import_id: Nullable(Type.String()),
  imported_workouts: Type.Integer(),
  checkpoint: Checkpoint,
});

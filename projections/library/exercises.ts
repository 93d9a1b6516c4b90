/**
 * exercises: the exercise library as the spec's Library exercise entity (catalogue
 * rows have created_by NULL). Name search is served by a trigram index on
 * lower(name), muscle filters by a GIN index on the array, so both stay fast with
 * tens of thousands of exercises.
 */
import type { ExerciseEvent } from '../../src/library/domain/exercise.ts';
import type { Projection } from '../../src/platform/projections/projection.ts';
import { topicOf } from '../../src/kernel/topics.ts';

/** The realtime topic that tells a library page to refetch. */
export const libraryTopic = (createdBy: string | null) => topicOf.library(createdBy);

export const exercisesProjection: Projection = {
  name: 'exercises',
  version: 1,
  handles: ['ExerciseAdded', 'ExerciseEdited', 'ExerciseRemoved'],
  tables: {
    exercises: (t) => `
      CREATE EXTENSION IF NOT EXISTS pg_trgm;
      CREATE TABLE ${t} (
        id             text PRIMARY KEY,
        name           text NOT NULL,
        pattern        text NOT NULL DEFAULT '',
        muscles        text[] NOT NULL DEFAULT '{}',
        joints         text[] NOT NULL DEFAULT '{}',
        use_case       text NOT NULL DEFAULT '',
        youtube_url    text,
        exercise_type  text,
        created_by     uuid,
        created_at     timestamptz NOT NULL,
        updated_at     timestamptz NOT NULL,
        -- Last applied stream version: a replayed event is a no-op.
        stream_version integer NOT NULL
      );
      -- fastupdate off: rows arrive a few at a time, and a GIN pending list would
      -- make searches slow (and the planner shun the index) until the next vacuum.
      CREATE INDEX ${t}_name_trgm ON ${t} USING gin (lower(name) gin_trgm_ops) WITH (fastupdate = off);
      CREATE INDEX ${t}_muscles ON ${t} USING gin (muscles) WITH (fastupdate = off);
      CREATE INDEX ${t}_pattern ON ${t} (pattern);
      CREATE INDEX ${t}_created_by ON ${t} (created_by);`,
  },
  // Set-based: each exercise's events fold into a new row, its latest edit or its
  // removal, then one statement per kind of write. Edits carry the whole state, and
  // stream_version keeps a replayed edit from going back in time.
  async apply(events, { tx, table }) {
    const t = table('exercises');
    type Row = {
      id: string;
      name: string;
      pattern: string;
      muscles: string[];
      joints: string[];
      use_case: string;
      youtube_url: string | null;
      exercise_type: string | null;
      created_by: string | null;
      created_at: string;
      updated_at: string;
      v: number;
    };
    const ops = new Map<string, { op: 'insert' | 'update'; row: Row } | { op: 'delete' }>();
    // Removed somewhere in the batch: a row from before goes first (an add may follow).
    const removed = new Set<string>();
    const topics = new Set<string>();
    for (const stored of events) {
      const e = stored as unknown as ExerciseEvent;
      const at = stored.time.toISOString();
      const cur = ops.get(e.data.exerciseId);
      switch (e.type) {
        case 'ExerciseAdded': {
          const d = e.data;
          if (cur && cur.op !== 'delete') break; // already there: ON CONFLICT DO NOTHING
          ops.set(d.exerciseId, {
            op: 'insert',
            row: {
              id: d.exerciseId,
              name: d.name,
              pattern: d.pattern,
              muscles: d.muscles,
              joints: d.joints,
              use_case: d.useCase,
              youtube_url: d.youtubeUrl,
              exercise_type: d.exerciseType,
              created_by: d.createdBy,
              created_at: at,
              updated_at: at,
              v: stored.streamVersion,
            },
          });
          break;
        }
        case 'ExerciseEdited': {
          const d = e.data;
          if (cur?.op === 'delete') break; // an edit of a removed exercise changes nothing
          const details = {
            name: d.name,
            pattern: d.pattern,
            muscles: d.muscles,
            joints: d.joints,
            use_case: d.useCase,
            youtube_url: d.youtubeUrl,
            updated_at: at,
            v: stored.streamVersion,
          };
          if (cur) cur.row = { ...cur.row, ...details };
          else ops.set(d.exerciseId, { op: 'update', row: { id: d.exerciseId, exercise_type: null, created_by: d.createdBy, created_at: at, ...details } });
          break;
        }
        case 'ExerciseRemoved':
          ops.set(e.data.exerciseId, { op: 'delete' });
          removed.add(e.data.exerciseId);
          break;
        default:
          continue;
      }
      topics.add(libraryTopic(e.data.createdBy));
    }
    const all = [...ops.values()];
    const rows = (op: 'insert' | 'update') => all.flatMap((o) => (o.op === op ? [o.row] : []));
    const inserted = rows('insert');
    const updated = rows('update');
    const recordset = `json_to_recordset($1::json) AS x(id text, name text, pattern text, muscles text[], joints text[], use_case text,
      youtube_url text, exercise_type text, created_by uuid, created_at timestamptz, updated_at timestamptz, v int)`;
    if (removed.size) await tx.query(`DELETE FROM ${t} WHERE id = ANY($1::text[])`, [[...removed]]);
    if (inserted.length) {
      await tx.query(
        `INSERT INTO ${t} (id, name, pattern, muscles, joints, use_case, youtube_url, exercise_type, created_by, created_at, updated_at, stream_version)
         SELECT id, name, pattern, muscles, joints, use_case, youtube_url, exercise_type, created_by, created_at, updated_at, v FROM ${recordset}
         ON CONFLICT (id) DO NOTHING`,
        [JSON.stringify(inserted)],
      );
    }
    if (updated.length) {
      await tx.query(
        `UPDATE ${t} AS u SET name = x.name, pattern = x.pattern, muscles = x.muscles, joints = x.joints, use_case = x.use_case,
           youtube_url = x.youtube_url, updated_at = x.updated_at, stream_version = x.v
         FROM ${recordset} WHERE u.id = x.id AND u.stream_version < x.v`,
        [JSON.stringify(updated)],
      );
    }
    return [...topics];
  },
};

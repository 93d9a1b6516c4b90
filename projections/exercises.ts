/**
 * exercises: the exercise library as the spec's Library exercise entity (catalogue
 * rows have created_by NULL). Name search is served by a trigram index on
 * lower(name), muscle filters by a GIN index on the array, so both stay fast with
 * tens of thousands of exercises.
 */
import type { StoredEvent } from '../src/eventstore/port.ts';
import type { ExerciseEvent } from '../src/domain/library/exercise.ts';
import type { Projection } from './projection.ts';

/** The realtime topic that tells a library page to refetch. */
export const libraryTopic = (createdBy: string | null) => `library:${createdBy ?? 'catalogue'}`;

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
      -- fastupdate off: rows arrive one event at a time, and a GIN pending list would
      -- make searches slow (and the planner shun the index) until the next vacuum.
      CREATE INDEX ${t}_name_trgm ON ${t} USING gin (lower(name) gin_trgm_ops) WITH (fastupdate = off);
      CREATE INDEX ${t}_muscles ON ${t} USING gin (muscles) WITH (fastupdate = off);
      CREATE INDEX ${t}_pattern ON ${t} (pattern);
      CREATE INDEX ${t}_created_by ON ${t} (created_by);`,
  },
  async apply(events, { tx, table }) {
    const t = table('exercises');
    const topics: string[] = [];
    for (const stored of events as StoredEvent[]) {
      const e = stored as unknown as ExerciseEvent;
      const v = stored.streamVersion;
      switch (e.type) {
        case 'ExerciseAdded': {
          const d = e.data;
          await tx.query(
            `INSERT INTO ${t} (id, name, pattern, muscles, joints, use_case, youtube_url, exercise_type, created_by, created_at, updated_at, stream_version)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10, $11) ON CONFLICT (id) DO NOTHING`,
            [d.exerciseId, d.name, d.pattern, d.muscles, d.joints, d.useCase, d.youtubeUrl, d.exerciseType, d.createdBy, stored.time, v],
          );
          break;
        }
        case 'ExerciseEdited': {
          const d = e.data;
          await tx.query(
            `UPDATE ${t} SET name = $2, pattern = $3, muscles = $4, joints = $5, use_case = $6, youtube_url = $7,
               updated_at = $8, stream_version = $9
             WHERE id = $1 AND stream_version < $9`,
            [d.exerciseId, d.name, d.pattern, d.muscles, d.joints, d.useCase, d.youtubeUrl, stored.time, v],
          );
          break;
        }
        case 'ExerciseRemoved':
          await tx.query(`DELETE FROM ${t} WHERE id = $1`, [e.data.exerciseId]);
          break;
        default:
          continue;
      }
      topics.push(libraryTopic(e.data.createdBy));
    }
    return topics;
  },
};

export interface ExerciseFilter {
  /** The reader: sees the catalogue and their own exercises, never other users' ones. */
  userId: string;
  search?: string;
  muscle?: string;
  pattern?: string;
}

/** `%text%` for LIKE, with the user's own % and _ taken literally. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The WHERE clause of a library query and its parameters ($1 is the reader).
 * `lower(name) LIKE` matches the trigram index expression exactly; `muscles @>`
 * is what the GIN array index serves.
 */
export function exerciseWhere(f: ExerciseFilter): { where: string; params: unknown[] } {
  const params: unknown[] = [f.userId];
  const conditions: string[] = [];
  if (f.search) {
    params.push(containsPattern(f.search));
    conditions.push(`lower(name) LIKE $${params.length}`);
  }
  if (f.muscle) {
    params.push([f.muscle]);
    conditions.push(`muscles @> $${params.length}::text[]`);
  }
  if (f.pattern) {
    params.push(f.pattern);
    conditions.push(`pattern = $${params.length}`);
  }
  const visible = '(created_by IS NULL OR created_by = $1)';
  return { where: [visible, ...conditions].join(' AND '), params };
}

export const EXERCISE_COLUMNS =
  'id, name, pattern, muscles, joints, use_case, youtube_url, exercise_type, created_by, created_at, updated_at';

/** One page of the library: the reader's own exercises first, then the catalogue, each by name. */
export function exercisePageQuery(f: ExerciseFilter, limit: number, offset: number): { text: string; values: unknown[] } {
  const { where, params } = exerciseWhere(f);
  return {
    text: `SELECT ${EXERCISE_COLUMNS} FROM exercises WHERE ${where}
           ORDER BY created_by IS NULL, lower(name), id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    values: [...params, limit, offset],
  };
}

/** How many exercises match the filters (for paging), and how many the reader can see at all. */
export function exerciseCountQuery(f: ExerciseFilter): { text: string; values: unknown[] } {
  const { where, params } = exerciseWhere(f);
  return {
    text: `SELECT (SELECT count(*) FROM exercises WHERE ${where})::int AS total,
                  (SELECT count(*) FROM exercises WHERE created_by IS NULL OR created_by = $1)::int AS library_size`,
    values: params,
  };
}

/** The muscle groups and movement patterns in use, for the filter dropdowns. */
export function exerciseFacetsQuery(userId: string): { text: string; values: unknown[] } {
  return {
    text: `WITH visible AS (SELECT muscles, pattern FROM exercises WHERE created_by IS NULL OR created_by = $1)
           SELECT ARRAY(SELECT DISTINCT m FROM visible, unnest(muscles) AS m WHERE m <> '' ORDER BY m) AS muscles,
                  ARRAY(SELECT DISTINCT pattern FROM visible WHERE pattern <> '' ORDER BY pattern) AS patterns`,
    values: [userId],
  };
}

/** The library page's SQL on the exercises read model (built by projections/library/exercises.ts). */
import type pg from 'pg';
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

export const EXERCISE_COLUMNS = 'id, name, pattern, muscles, joints, use_case, youtube_url, exercise_type, created_by, created_at, updated_at';

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

export interface ExerciseMatch {
  /** The name asked about. */
  query: string;
  /** The same exercise in the reader's library, letter case aside; null when none. */
  match: string | null;
  /** Up to three names of the library that look alike (trigram similarity), best first. */
  suggestions: string[];
}

/** For an import's exercise names: which the reader's library knows, and what the others look like. */
export async function matchExerciseNames(db: pg.Pool, userId: string, names: string[]): Promise<ExerciseMatch[]> {
  if (names.length === 0) return [];
  const { rows } = await db.query<{ query: string; exact: string | null; similar: string[] }>(
    `SELECT n.name AS query,
            (SELECT e.name FROM exercises e WHERE (e.created_by IS NULL OR e.created_by = $1) AND lower(e.name) = lower(n.name)
              ORDER BY e.created_by IS NULL LIMIT 1) AS exact,
            ARRAY(SELECT e.name FROM exercises e
                   WHERE (e.created_by IS NULL OR e.created_by = $1) AND lower(e.name) % lower(n.name)
                   ORDER BY similarity(lower(e.name), lower(n.name)) DESC, e.name LIMIT 3) AS similar
       FROM unnest($2::text[]) WITH ORDINALITY AS n(name, i) ORDER BY n.i`,
    [userId, names],
  );
  return rows.map((r) => ({ query: r.query, match: r.exact, suggestions: r.similar }));
}

/** Accounts that are neither seed data (`@seed.spotter`) nor the demo's (`@demo.spotter`): someone's real data. */
import type pg from 'pg';

export async function realUsers(pool: pg.Pool): Promise<{ count: number; example: string | null }> {
  const { rows } = await pool.query<{ n: number; example: string | null }>(
    `SELECT count(*)::int AS n, min(email) AS example FROM user_profiles
     WHERE lower(email) NOT LIKE '%@seed.spotter' AND lower(email) NOT LIKE '%@demo.spotter'`,
  );
  return { count: rows[0].n, example: rows[0].example };
}

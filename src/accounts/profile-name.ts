/** A user's name as their profile shows it (the spec's display-name order), read from user_profiles. */
import type pg from 'pg';
import { displayName, type NameSource } from './display-name.ts';

export async function profileName(db: Pick<pg.ClientBase, 'query'>, userId: string): Promise<string> {
  const { rows } = await db.query<NameSource>('SELECT user_id, display_name, first_name, last_name, full_name AS name, email FROM user_profiles WHERE user_id = $1', [userId]);
  return displayName(rows[0] ?? { user_id: userId });
}

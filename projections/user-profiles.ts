/** user_profiles: who each user is, as the spec's User profile entity, plus account flags. */
import type { StoredEvent } from '../src/eventstore/port.ts';
import type { UserEvent } from '../src/domain/accounts/user.ts';
import type { Projection } from './projection.ts';

export const userProfiles: Projection = {
  name: 'user_profiles',
  // 3: invited accounts are athletes only (profile_type), BecameCoach.
  version: 3,
  handles: ['UserRegistered', 'EmailConfirmed', 'ProfileUpdated', 'BecameCoach'],
  tables: {
    user_profiles: (t) => `
      CREATE TABLE ${t} (
        user_id         uuid PRIMARY KEY,
        email           text NOT NULL,
        full_name       text NOT NULL,
        display_name    text,
        first_name      text,
        last_name       text,
        profile_type    text NOT NULL DEFAULT 'coach',
        is_coach        boolean NOT NULL,
        is_athlete      boolean NOT NULL,
        email_confirmed boolean NOT NULL DEFAULT false,
        -- IANA zone for the user's "today" (start dates, missed status, recaps).
        time_zone       text NOT NULL DEFAULT 'UTC',
        created_at      timestamptz NOT NULL,
        updated_at      timestamptz NOT NULL
      );
      CREATE INDEX ${t}_email ON ${t} (lower(email));
      CREATE INDEX ${t}_name ON ${t} (lower(full_name) text_pattern_ops);`,
  },
  async apply(events, { tx, table }) {
    const t = table('user_profiles');
    const topics: string[] = [];
    for (const stored of events as StoredEvent[]) {
      const e = stored as unknown as UserEvent & { time: Date };
      switch (e.type) {
        case 'UserRegistered':
          await tx.query(
            `INSERT INTO ${t} (user_id, email, full_name, is_coach, is_athlete, profile_type, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $7, $6, $6) ON CONFLICT (user_id) DO NOTHING`,
            [e.data.userId, e.data.email, e.data.fullName, e.data.isCoach, e.data.isAthlete, stored.time, e.data.isCoach ? 'coach' : 'athlete'],
          );
          break;
        case 'BecameCoach':
          await tx.query(`UPDATE ${t} SET is_coach = true, profile_type = 'coach', updated_at = $2 WHERE user_id = $1`, [e.data.userId, stored.time]);
          break;
        case 'EmailConfirmed':
          await tx.query(`UPDATE ${t} SET email_confirmed = true, updated_at = $2 WHERE user_id = $1`, [e.data.userId, stored.time]);
          break;
        case 'ProfileUpdated': {
          const d = e.data;
          await tx.query(
            `UPDATE ${t} SET
               display_name = CASE WHEN $2 THEN $3 ELSE display_name END,
               first_name = CASE WHEN $4 THEN $5 ELSE first_name END,
               last_name = CASE WHEN $6 THEN $7 ELSE last_name END,
               time_zone = COALESCE($9, time_zone),
               updated_at = $8
             WHERE user_id = $1`,
            [d.userId, 'displayName' in d, d.displayName ?? null, 'firstName' in d, d.firstName ?? null, 'lastName' in d, d.lastName ?? null, stored.time, d.timeZone ?? null],
          );
          break;
        }
        default:
          continue;
      }
      topics.push(`user:${(e.data as { userId: string }).userId}`);
    }
    return topics;
  },
};

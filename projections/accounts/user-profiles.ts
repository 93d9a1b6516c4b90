/** user_profiles: who each user is, as the spec's User profile entity, plus account flags. */
import type { UserEvent } from '../../src/accounts/domain/user.ts';
import type { Projection } from '../../src/platform/projections/projection.ts';
import { topicOf } from '../../src/kernel/topics.ts';

export const userProfiles: Projection = {
  name: 'user_profiles',
  // 3: invited accounts are athletes only (profile_type), BecameCoach. 4: weight_unit.
  version: 4,
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
        -- 'kg' or 'lb' as chosen in Settings; null until chosen (the browser's locale decides).
        weight_unit     text,
        created_at      timestamptz NOT NULL,
        updated_at      timestamptz NOT NULL
      );
      CREATE INDEX ${t}_email ON ${t} (lower(email));
      CREATE INDEX ${t}_name ON ${t} (lower(full_name) text_pattern_ops);`,
  },
  // Set-based: the batch is folded in memory, then one INSERT for the registrations
  // and one UPDATE for everything else, whatever the batch size.
  async apply(events, { tx, table }) {
    const t = table('user_profiles');
    const registered = new Map<string, Record<string, unknown>>();
    const changed = new Map<string, Record<string, unknown>>();
    const change = (userId: string, at: Date) => {
      let c = changed.get(userId);
      if (!c)
        changed.set(
          userId,
          (c = { user_id: userId, confirmed: false, became_coach: false, has_display: false, has_first: false, has_last: false, time_zone: null, weight_unit: null }),
        );
      c.at = at.toISOString();
      return c;
    };
    for (const stored of events) {
      const e = stored as unknown as UserEvent;
      switch (e.type) {
        case 'UserRegistered': {
          const d = e.data;
          // The first registration wins, as ON CONFLICT DO NOTHING does for an existing row.
          if (!registered.has(d.userId)) {
            registered.set(d.userId, {
              user_id: d.userId,
              email: d.email,
              full_name: d.fullName,
              is_coach: d.isCoach,
              is_athlete: d.isAthlete,
              profile_type: d.isCoach ? 'coach' : 'athlete',
              at: stored.time.toISOString(),
            });
          }
          break;
        }
        case 'EmailConfirmed':
          change(e.data.userId, stored.time).confirmed = true;
          break;
        case 'BecameCoach':
          change(e.data.userId, stored.time).became_coach = true;
          break;
        case 'ProfileUpdated': {
          const d = e.data;
          const c = change(d.userId, stored.time);
          if ('displayName' in d) Object.assign(c, { has_display: true, display_name: d.displayName ?? null });
          if ('firstName' in d) Object.assign(c, { has_first: true, first_name: d.firstName ?? null });
          if ('lastName' in d) Object.assign(c, { has_last: true, last_name: d.lastName ?? null });
          if (d.timeZone) c.time_zone = d.timeZone;
          if (d.weightUnit) c.weight_unit = d.weightUnit;
          break;
        }
        default:
          continue;
      }
    }
    if (registered.size) {
      await tx.query(
        `INSERT INTO ${t} (user_id, email, full_name, is_coach, is_athlete, profile_type, created_at, updated_at)
         SELECT user_id, email, full_name, is_coach, is_athlete, CASE WHEN is_coach THEN 'coach' ELSE 'athlete' END, at, at
         FROM json_to_recordset($1::json) AS x(user_id uuid, email text, full_name text, is_coach boolean, is_athlete boolean, at timestamptz)
         ON CONFLICT (user_id) DO NOTHING`,
        [JSON.stringify([...registered.values()])],
      );
    }
    if (changed.size) {
      await tx.query(
        `UPDATE ${t} AS u SET
           email_confirmed = u.email_confirmed OR x.confirmed,
           is_coach = u.is_coach OR x.became_coach,
           profile_type = CASE WHEN x.became_coach THEN 'coach' ELSE u.profile_type END,
           display_name = CASE WHEN x.has_display THEN x.display_name ELSE u.display_name END,
           first_name = CASE WHEN x.has_first THEN x.first_name ELSE u.first_name END,
           last_name = CASE WHEN x.has_last THEN x.last_name ELSE u.last_name END,
           time_zone = COALESCE(x.time_zone, u.time_zone),
           weight_unit = COALESCE(x.weight_unit, u.weight_unit),
           updated_at = x.at
         FROM json_to_recordset($1::json) AS x(user_id uuid, confirmed boolean, became_coach boolean, has_display boolean, display_name text,
           has_first boolean, first_name text, has_last boolean, last_name text, time_zone text, weight_unit text, at timestamptz)
         WHERE u.user_id = x.user_id`,
        [JSON.stringify([...changed.values()])],
      );
    }
    return [...new Set([...registered.keys(), ...changed.keys()])].map((id) => topicOf.user(id));
  },
};

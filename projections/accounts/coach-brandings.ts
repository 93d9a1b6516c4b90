/**
 * coach_brandings: each coach's colours (CoachBrandingSet / CoachBrandingCleared on
 * the user stream). Set-based: the batch is folded to the last state per coach, then
 * written with one upsert; `stream_version` keeps a replayed batch from going back.
 */
import type { UserEvent } from '../../src/accounts/domain/user.ts';
import type { Projection } from '../../src/platform/projections/projection.ts';
import { topicOf } from '../../src/kernel/topics.ts';

interface Row {
  coachId: string;
  primary: string | null;
  secondary: string | null;
  accent: string | null;
  version: number;
  time: Date;
}

export const coachBrandings: Projection = {
  name: 'coach_brandings',
  version: 1,
  handles: ['CoachBrandingSet', 'CoachBrandingCleared'],
  tables: {
    coach_brandings: (t) => `
      CREATE TABLE ${t} (
        coach_id        uuid PRIMARY KEY,
        -- All three null: branding removed.
        primary_colour   text,
        secondary_colour text,
        accent_colour    text,
        stream_version  integer NOT NULL,
        updated_at      timestamptz NOT NULL
      );`,
  },
  async apply(events, { tx, table }) {
    const last = new Map<string, Row>();
    for (const stored of events) {
      const e = stored as unknown as UserEvent;
      if (e.type === 'CoachBrandingSet') {
        last.set(e.data.userId, {
          coachId: e.data.userId,
          primary: e.data.primary,
          secondary: e.data.secondary,
          accent: e.data.accent,
          version: stored.streamVersion,
          time: stored.time,
        });
      } else if (e.type === 'CoachBrandingCleared') {
        last.set(e.data.userId, { coachId: e.data.userId, primary: null, secondary: null, accent: null, version: stored.streamVersion, time: stored.time });
      }
    }
    if (last.size === 0) return [];
    const rows = [...last.values()];
    await tx.query(
      `INSERT INTO ${table('coach_brandings')} (coach_id, primary_colour, secondary_colour, accent_colour, stream_version, updated_at)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::int[], $6::timestamptz[])
       ON CONFLICT (coach_id) DO UPDATE SET primary_colour = EXCLUDED.primary_colour, secondary_colour = EXCLUDED.secondary_colour,
         accent_colour = EXCLUDED.accent_colour, stream_version = EXCLUDED.stream_version, updated_at = EXCLUDED.updated_at
       WHERE ${table('coach_brandings')}.stream_version < EXCLUDED.stream_version`,
      [rows.map((r) => r.coachId), rows.map((r) => r.primary), rows.map((r) => r.secondary), rows.map((r) => r.accent), rows.map((r) => r.version), rows.map((r) => r.time)],
    );
    // The coach's own pages; athletes read their coach's colours when they load.
    return rows.map((r) => topicOf.user(r.coachId));
  },
};

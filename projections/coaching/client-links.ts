/**
 * client_links: which athletes each coach may coach. Its name and first three
 * columns (coach_id, athlete_id, linked_at) are a contract: src/coaching/access.ts
 * and the training feature read them to authorise every athlete-scoped call.
 */
import type { StoredEvent } from '../../src/platform/eventstore/port.ts';
import type { CoachEvent } from '../../src/coaching/domain/coach.ts';
import type { Projection } from '../../src/platform/projections/projection.ts';
import { coachTopic } from './invites.ts';
import { topicOf } from '../../src/kernel/topics.ts';

export const clientLinksProjection: Projection = {
  name: 'client_links',
  version: 1,
  handles: ['ClientLinked', 'ClientUnlinked'],
  tables: {
    client_links: (t) => `
      CREATE TABLE ${t} (
        coach_id   uuid NOT NULL,
        athlete_id uuid NOT NULL,
        linked_at  timestamptz NOT NULL,
        link_id    uuid NOT NULL UNIQUE,
        email      text NOT NULL,
        PRIMARY KEY (coach_id, athlete_id)
      );
      CREATE INDEX ${t}_athlete ON ${t} (athlete_id);`,
  },
  // Set-based: each (coach, athlete) pair's last event in the batch decides; then one
  // DELETE for the pairs that end unlinked and one upsert for those that end linked.
  async apply(events, { tx, table }) {
    const t = table('client_links');
    const last = new Map<string, StoredEvent & CoachEvent>();
    const topics = new Set<string>();
    for (const stored of events) {
      const e = stored as unknown as StoredEvent & CoachEvent;
      if (e.type !== 'ClientLinked' && e.type !== 'ClientUnlinked') continue;
      last.set(`${e.data.coachId}|${e.data.athleteId}`, e);
      // The athlete's side too: their own pages may show who coaches them.
      topics.add(coachTopic(e.data.coachId)).add(topicOf.user(e.data.athleteId));
    }
    const finals = [...last.values()];
    const unlinked = finals.filter((e) => e.type === 'ClientUnlinked');
    const linked = finals.flatMap((e) => (e.type === 'ClientLinked' ? [{ ...e.data, at: e.time.toISOString() }] : []));
    if (unlinked.length) {
      await tx.query(`DELETE FROM ${t} AS l USING unnest($1::uuid[], $2::uuid[]) AS x(coach_id, athlete_id) WHERE l.coach_id = x.coach_id AND l.athlete_id = x.athlete_id`, [
        unlinked.map((e) => e.data.coachId),
        unlinked.map((e) => e.data.athleteId),
      ]);
    }
    if (linked.length) {
      await tx.query(
        `INSERT INTO ${t} (coach_id, athlete_id, linked_at, link_id, email)
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::timestamptz[], $4::uuid[], $5::text[])
         ON CONFLICT (coach_id, athlete_id) DO UPDATE SET linked_at = EXCLUDED.linked_at, link_id = EXCLUDED.link_id, email = EXCLUDED.email`,
        [linked.map((l) => l.coachId), linked.map((l) => l.athleteId), linked.map((l) => l.at), linked.map((l) => l.linkId), linked.map((l) => l.email)],
      );
    }
    return [...topics];
  },
};

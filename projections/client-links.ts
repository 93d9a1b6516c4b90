/**
 * client_links: which athletes each coach may coach. Its name and first three
 * columns (coach_id, athlete_id, linked_at) are a contract: src/domain/coaching/access.ts
 * and the training feature read them to authorise every athlete-scoped call.
 */
import type { StoredEvent } from '../src/eventstore/port.ts';
import type { CoachEvent } from '../src/domain/coaching/coach.ts';
import type { Projection } from './projection.ts';
import { coachTopic } from './invites.ts';

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
  async apply(events, { tx, table }) {
    const t = table('client_links');
    const topics: string[] = [];
    for (const stored of events as StoredEvent[]) {
      const e = stored as unknown as CoachEvent;
      switch (e.type) {
        case 'ClientLinked':
          await tx.query(
            `INSERT INTO ${t} (coach_id, athlete_id, linked_at, link_id, email) VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (coach_id, athlete_id) DO UPDATE SET linked_at = EXCLUDED.linked_at, link_id = EXCLUDED.link_id, email = EXCLUDED.email`,
            [e.data.coachId, e.data.athleteId, stored.time, e.data.linkId, e.data.email],
          );
          break;
        case 'ClientUnlinked':
          await tx.query(`DELETE FROM ${t} WHERE coach_id = $1 AND athlete_id = $2`, [e.data.coachId, e.data.athleteId]);
          break;
        default:
          continue;
      }
      // The athlete's side too: their own pages may show who coaches them.
      topics.push(coachTopic(e.data.coachId), `user:${e.data.athleteId}`);
    }
    return topics;
  },
};

/**
 * invites: a coach's invitations (the spec's Invite entity: id, email, status) and,
 * by e-mail, the invitations waiting for a signed-in user to accept.
 */
import type pg from 'pg';
import type { StoredEvent } from '../src/eventstore/port.ts';
import type { CoachEvent } from '../src/domain/coaching/coach.ts';
import type { Projection } from './projection.ts';

export const coachTopic = (coachId: string) => `coach:${coachId}`;

/** The invitee's own topic, when the address already has an account, so "Invitations for you" updates live. */
async function inviteeTopic(tx: pg.PoolClient, email: string): Promise<string[]> {
  const { rows } = await tx.query<{ user_id: string }>('SELECT user_id FROM user_credentials WHERE email = $1', [email]);
  return rows.map((r) => `user:${r.user_id}`);
}

export const invitesProjection: Projection = {
  name: 'invites',
  version: 1,
  handles: ['InviteSent', 'InviteAccepted', 'InviteRevoked'],
  tables: {
    invites: (t) => `
      CREATE TABLE ${t} (
        invite_id   uuid PRIMARY KEY,
        coach_id    uuid NOT NULL,
        email       text NOT NULL,
        status      text NOT NULL CHECK (status IN ('pending', 'accepted', 'revoked')),
        athlete_id  uuid,
        created_at  timestamptz NOT NULL,
        accepted_at timestamptz,
        updated_at  timestamptz NOT NULL
      );
      CREATE INDEX ${t}_coach ON ${t} (coach_id, created_at);
      CREATE INDEX ${t}_email ON ${t} (email) WHERE status = 'pending';`,
  },
  async apply(events, { tx, table }) {
    const t = table('invites');
    const topics: string[] = [];
    for (const stored of events as StoredEvent[]) {
      const e = stored as unknown as CoachEvent;
      switch (e.type) {
        case 'InviteSent':
          await tx.query(
            `INSERT INTO ${t} (invite_id, coach_id, email, status, created_at, updated_at) VALUES ($1, $2, $3, 'pending', $4, $4)
             ON CONFLICT (invite_id) DO NOTHING`,
            [e.data.inviteId, e.data.coachId, e.data.email, stored.time],
          );
          topics.push(...(await inviteeTopic(tx, e.data.email)));
          break;
        case 'InviteAccepted':
          await tx.query(`UPDATE ${t} SET status = 'accepted', athlete_id = $2, accepted_at = $3, updated_at = $3 WHERE invite_id = $1`, [
            e.data.inviteId,
            e.data.athleteId,
            stored.time,
          ]);
          topics.push(`user:${e.data.athleteId}`);
          break;
        case 'InviteRevoked':
          await tx.query(`UPDATE ${t} SET status = 'revoked', updated_at = $2 WHERE invite_id = $1`, [e.data.inviteId, stored.time]);
          topics.push(...(await inviteeTopic(tx, e.data.email)));
          break;
        default:
          continue;
      }
      topics.push(coachTopic(e.data.coachId));
    }
    return topics;
  },
};

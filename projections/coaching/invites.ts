/**
 * invites: a coach's invitations (the spec's Invite entity: id, email, status) and,
 * by e-mail, the invitations waiting for a signed-in user to accept.
 */
import type pg from 'pg';
import type { CoachEvent } from '../../src/coaching/domain/coach.ts';
import type { Projection } from '../../src/platform/projections/projection.ts';
import { topicOf } from '../../src/kernel/topics.ts';

export const coachTopic = (coachId: string) => topicOf.coach(coachId);

/** The invitees' own topics, when the addresses already have accounts, so "Invitations for you" updates live. One query per batch. */
async function inviteeTopics(tx: pg.PoolClient, emails: string[]): Promise<string[]> {
  if (emails.length === 0) return [];
  const { rows } = await tx.query<{ user_id: string }>('SELECT user_id FROM user_credentials WHERE email = ANY($1::text[])', [emails]);
  return rows.map((r) => topicOf.user(r.user_id));
}

export const invitesProjection: Projection = {
  name: 'invites',
  // 2: created_at is the sending time also when the acceptance came in the same batch.
  version: 2,
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
  // Set-based: each invitation's events fold into a new row or a status change, then
  // one INSERT and one UPDATE for the batch.
  async apply(events, { tx, table, unwatched }) {
    const t = table('invites');
    // `created` stays the InviteSent time when a later event of the same batch moves `at`
    // (a rebuild folds the sending and the acceptance together).
    type Row = { invite_id: string; coach_id: string; email: string; status: string; athlete_id: string | null; accepted_at: string | null; at: string; created: string };
    const inserted = new Map<string, Row>();
    const updated = new Map<string, Omit<Row, 'coach_id' | 'email' | 'created'>>();
    const topics = new Set<string>();
    const inviteeEmails = new Set<string>();
    for (const stored of events) {
      const e = stored as unknown as CoachEvent;
      const at = stored.time.toISOString();
      switch (e.type) {
        case 'InviteSent':
          if (!inserted.has(e.data.inviteId))
            inserted.set(e.data.inviteId, {
              invite_id: e.data.inviteId,
              coach_id: e.data.coachId,
              email: e.data.email,
              status: 'pending',
              athlete_id: null,
              accepted_at: null,
              at,
              created: at,
            });
          inviteeEmails.add(e.data.email);
          break;
        case 'InviteAccepted':
        case 'InviteRevoked': {
          const accepted = e.type === 'InviteAccepted';
          const change = {
            status: accepted ? 'accepted' : 'revoked',
            ...(accepted ? { athlete_id: e.data.athleteId, accepted_at: at } : {}),
            at,
          };
          const row = inserted.get(e.data.inviteId);
          if (row) Object.assign(row, change);
          else {
            const prev = updated.get(e.data.inviteId);
            updated.set(e.data.inviteId, { invite_id: e.data.inviteId, athlete_id: prev?.athlete_id ?? null, accepted_at: prev?.accepted_at ?? null, ...change });
          }
          if (accepted) topics.add(topicOf.user(e.data.athleteId));
          else inviteeEmails.add(e.data.email);
          break;
        }
        default:
          continue;
      }
      topics.add(coachTopic(e.data.coachId));
    }
    if (inserted.size) {
      await tx.query(
        `INSERT INTO ${t} (invite_id, coach_id, email, status, athlete_id, created_at, accepted_at, updated_at)
         SELECT invite_id, coach_id, email, status, athlete_id, created, accepted_at, at
         FROM json_to_recordset($1::json) AS x(invite_id uuid, coach_id uuid, email text, status text, athlete_id uuid, accepted_at timestamptz, at timestamptz, created timestamptz)
         ON CONFLICT (invite_id) DO NOTHING`,
        [JSON.stringify([...inserted.values()])],
      );
    }
    if (updated.size) {
      await tx.query(
        `UPDATE ${t} AS i SET status = x.status, athlete_id = COALESCE(x.athlete_id, i.athlete_id),
           accepted_at = COALESCE(x.accepted_at, i.accepted_at), updated_at = x.at
         FROM json_to_recordset($1::json) AS x(invite_id uuid, status text, athlete_id uuid, accepted_at timestamptz, at timestamptz)
         WHERE i.invite_id = x.invite_id`,
        [JSON.stringify([...updated.values()])],
      );
    }
    if (unwatched) return [];
    for (const topic of await inviteeTopics(tx, [...inviteeEmails])) topics.add(topic);
    return [...topics];
  },
};

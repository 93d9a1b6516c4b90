/**
 * The push reactor: workout changes for the athlete, chat messages for their
 * recipient and comments on workouts become rows of the push_deliveries outbox, one
 * per subscription of the recipient whose preference for that kind is on, in the
 * runner's checkpoint transaction. A row is unique by (event id, subscription), so a
 * batch taken up again after a crash queues nothing twice; a malformed event throws
 * and the runner parks it (`spotter parked`) without holding the others back. The
 * PushSender (sender.ts) delivers the rows.
 *
 * Left out, like the workout mail: seeded data, workouts from a template assignment
 * or a file import (many at once), the athlete's own changes, workouts dated before
 * the athlete's today, and events more than a day old when read (a reactor catching
 * up after an outage does not ring phones with old news). A subscription gets only
 * what happened after it was made.
 */
import type { EventStore, StoredEvent } from '../platform/eventstore/port.ts';
import type { Projection } from '../platform/projections/projection.ts';
import type pg from 'pg';
import { foldWorkout, workoutStream, type TrainingEvent } from '../training/index.ts';
import { displayName, todayIn } from '../accounts/index.ts';
import { conversationStream } from '../messaging/domain/conversation-id.ts';
import type { ConversationEvent } from '../messaging/domain/conversation.ts';
import { commentPush, messagePush, workoutPush, type PushPayload, type WorkoutChange } from './domain/payloads.ts';
import type { WorkoutCommentPostedData } from '../comments/index.ts';

/** How long a push service keeps a push for a phone that is off (seconds). */
export const NEWS_TTL_SECONDS = 24 * 60 * 60;

const HANDLED = ['WorkoutScheduled', 'WorkoutRevised', 'WorkoutMoved', 'WorkoutDeleted', 'ConversationStarted', 'MessageSent', 'WorkoutCommentPosted'] as const;

/** Conversations' participants (a direct conversation's pair never changes), kept for this many conversations. */
const PARTICIPANTS_KEPT = 10_000;

/** One push to queue: for a user (all their subscriptions), before the names and the workout are known. */
interface Pending {
  key: string;
  userId: string;
  at: Date;
  build(ctx: Lookups): PushPayload;
  /** A workout this push names, read from its stream up to `version`. */
  workout?: { workoutId: string; version: number | null };
  /** An athlete whose today decides whether the push is news. */
  athleteId?: string;
  date?: string;
  /** People whose names the push shows. */
  people: string[];
}

interface Lookups {
  names: Map<string, string>;
  workouts: Map<string, { name: string | null; date: string | null }>;
}

function text(value: unknown, what: string): string {
  if (typeof value !== 'string' || value.length === 0) throw new Error(`${what} is missing`);
  return value;
}

function workoutPending(e: StoredEvent): Pending | null {
  const t = e as unknown as TrainingEvent;
  const actor = e.metadata.userId ?? null;
  const athleteId = text(t.data.athleteId, 'athleteId');
  const workoutId = text(t.data.workoutId, 'workoutId');
  const base = { key: e.id, userId: athleteId, at: e.time, athleteId, people: actor ? [actor] : [] };
  const byName = (l: Lookups) => (actor ? (l.names.get(actor) ?? null) : null);
  const named = (change: WorkoutChange, date: string, name: string | null): Pending => ({
    ...base,
    date,
    build: (l) => workoutPush(change, { workoutId, name, date, byName: byName(l) }),
  });
  const folded = (change: WorkoutChange, date: string): Pending => ({
    ...base,
    date,
    workout: { workoutId, version: e.streamVersion },
    build: (l) => workoutPush(change, { workoutId, name: l.workouts.get(`${workoutId}@${e.streamVersion}`)?.name ?? null, date, byName: byName(l) }),
  });
  switch (t.type) {
    case 'WorkoutScheduled':
      if (t.data.templateId || t.data.assignmentId || t.data.importId || t.data.scheduledBy === athleteId) return null;
      return named('scheduled', text(t.data.date, 'date'), t.data.name);
    case 'WorkoutRevised':
      if (t.data.assignmentId || actor === athleteId) return null;
      return named('revised', text(t.data.date, 'date'), t.data.name);
    case 'WorkoutMoved':
      return actor === athleteId ? null : folded('moved', text(t.data.toDate, 'toDate'));
    case 'WorkoutDeleted':
      return actor === athleteId ? null : folded('deleted', text(t.data.date, 'date'));
    default:
      return null;
  }
}

function commentPending(e: StoredEvent): Pending {
  const c = e.data as WorkoutCommentPostedData;
  const role = c.authorRole;
  if (role !== 'coach' && role !== 'athlete') throw new Error(`authorRole ${String(role)} is neither coach nor athlete`);
  const athleteId = text(c.athleteId, 'athleteId');
  const workoutId = text(c.workoutId, 'workoutId');
  const commentId = text(c.commentId, 'commentId');
  const authorId = text(c.authorId, 'authorId');
  const body = typeof c.text === 'string' ? c.text : '';
  const toRole = role === 'coach' ? 'athlete' : 'coach';
  return {
    key: e.id,
    userId: toRole === 'athlete' ? athleteId : text(c.coachId, 'coachId'),
    at: e.time,
    people: [authorId],
    workout: { workoutId, version: null },
    build: (l) => {
      const w = l.workouts.get(`${workoutId}@`);
      return commentPush({
        commentId,
        workoutId,
        athleteId,
        authorName: l.names.get(authorId) ?? 'Someone',
        toRole,
        workoutName: w?.name ?? null,
        date: w?.date ?? null,
        text: body,
      });
    },
  };
}

export function pushReactor(store: EventStore, onQueued: () => void = () => {}): Projection {
  const participants = new Map<string, string[]>();
  const remember = (conversationId: string, ids: string[]) => {
    if (participants.size >= PARTICIPANTS_KEPT) participants.delete(participants.keys().next().value!);
    participants.set(conversationId, ids);
  };
  const participantsOf = async (conversationId: string): Promise<string[]> => {
    const known = participants.get(conversationId);
    if (known) return known;
    // A conversation starts with ConversationStarted: its first event, not its thousands of messages.
    const [first] = await store.readStream(conversationStream(conversationId), 0, 1);
    const started = (first?.type === 'ConversationStarted' ? first : undefined) as unknown as Extract<ConversationEvent, { type: 'ConversationStarted' }> | undefined;
    const ids = started?.data.participantIds ?? [];
    if (ids.length > 0) remember(conversationId, ids);
    return ids;
  };

  return {
    name: 'push_reactor',
    version: 1,
    reactor: true,
    tables: {},
    handles: HANDLED,
    async apply(events, { tx }) {
      for (const e of events) {
        if (e.type !== 'ConversationStarted') continue;
        const d = (e as unknown as Extract<ConversationEvent, { type: 'ConversationStarted' }>).data;
        if (Array.isArray(d.participantIds)) remember(d.conversationId, d.participantIds);
      }
      // Most servers have few subscriptions, and none for most events: one cheap query first.
      const { rows: any } = await tx.query<{ found: boolean }>('SELECT EXISTS (SELECT 1 FROM push_subscriptions) AS found');
      if (!any[0].found) return [];

      const pending: Pending[] = [];
      for (const e of events) {
        if (e.metadata.source === 'seed') continue;
        if (e.type === 'WorkoutCommentPosted') pending.push(commentPending(e));
        else if (e.type === 'MessageSent') {
          const m = (e as unknown as Extract<ConversationEvent, { type: 'MessageSent' }>).data;
          const senderId = text(m.senderId, 'senderId');
          const messageId = text(m.messageId, 'messageId');
          const content = typeof m.content === 'string' ? m.content : '';
          for (const userId of await participantsOf(text(m.conversationId, 'conversationId'))) {
            if (userId === senderId) continue;
            pending.push({
              key: e.id,
              userId,
              at: e.time,
              people: [senderId],
              build: (l) => messagePush({ messageId, senderId, senderName: l.names.get(senderId) ?? 'Someone', content }),
            });
          }
        } else if (e.type !== 'ConversationStarted') {
          const p = workoutPending(e);
          if (p) pending.push(p);
        }
      }
      if (pending.length === 0) return [];

      const { rows: subscribed } = await tx.query<{ user_id: string }>('SELECT DISTINCT user_id FROM push_subscriptions WHERE user_id = ANY($1::uuid[])', [
        [...new Set(pending.map((p) => p.userId))],
      ]);
      const reachable = new Set(subscribed.map((r) => r.user_id));
      let todo = pending.filter((p) => reachable.has(p.userId));
      if (todo.length === 0) return [];

      const profiles = await profilesOf(tx, [...new Set(todo.flatMap((p) => [...p.people, ...(p.athleteId ? [p.athleteId] : [])]))]);
      todo = todo.filter((p) => !p.athleteId || !p.date || p.date >= todayIn(profiles.get(p.athleteId)?.timeZone ?? 'UTC', p.at));
      const lookups: Lookups = { names: new Map([...profiles].map(([id, p]) => [id, p.name])), workouts: new Map() };
      for (const p of todo) {
        if (!p.workout) continue;
        const key = `${p.workout.workoutId}@${p.workout.version ?? ''}`;
        if (lookups.workouts.has(key)) continue;
        const history = await store.readStream(workoutStream(p.workout.workoutId));
        const upTo = p.workout.version;
        const w = foldWorkout(upTo === null ? history : history.filter((h) => h.streamVersion < upTo));
        lookups.workouts.set(key, { name: w.name, date: w.date });
      }
      const queued = todo.map((p) => ({ p, payload: p.build(lookups) }));
      if (queued.length === 0) return [];
      // Each push meets the recipient's subscriptions made before it happened, when the
      // recipient has that kind on (a user with no preferences row has the defaults: on).
      const { rowCount } = await tx.query(
        `INSERT INTO push_deliveries (event_key, subscription_id, kind, payload, ttl_seconds)
         SELECT c.key, s.id, c.kind, c.payload, $6
           FROM unnest($1::text[], $2::uuid[], $3::text[], $4::jsonb[], $5::timestamptz[]) AS c(key, user_id, kind, payload, at)
           JOIN push_subscriptions s ON s.user_id = c.user_id AND s.created_at <= c.at
           LEFT JOIN push_preferences pref ON pref.user_id = c.user_id
          WHERE c.at > now() - interval '1 day'
            AND CASE c.kind WHEN 'workout' THEN coalesce(pref.workout, true)
                            WHEN 'comment' THEN coalesce(pref.comment, true)
                            WHEN 'message' THEN coalesce(pref.message, true)
                            ELSE false END
         ON CONFLICT (event_key, subscription_id) DO NOTHING`,
        [
          queued.map((q) => q.p.key),
          queued.map((q) => q.p.userId),
          queued.map((q) => q.payload.kind),
          queued.map((q) => JSON.stringify(q.payload)),
          queued.map((q) => q.p.at),
          NEWS_TTL_SECONDS,
        ],
      );
      // The sender looks after this transaction commits (it claims in its own).
      if (rowCount) setTimeout(onQueued, 0);
      return [];
    },
  };
}

async function profilesOf(tx: pg.PoolClient, ids: string[]): Promise<Map<string, { name: string; timeZone: string }>> {
  if (ids.length === 0) return new Map();
  const { rows } = await tx.query<{
    user_id: string;
    display_name: string | null;
    first_name: string | null;
    last_name: string | null;
    full_name: string;
    email: string;
    time_zone: string;
  }>('SELECT user_id, display_name, first_name, last_name, full_name, email, time_zone FROM user_profiles WHERE user_id = ANY($1::uuid[])', [ids]);
  return new Map(rows.map((r) => [r.user_id, { name: displayName({ ...r, name: r.full_name }), timeZone: r.time_zone }]));
}

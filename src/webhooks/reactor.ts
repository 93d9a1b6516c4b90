/**
 * The webhook reactor: matching domain events become rows of the webhook_deliveries
 * outbox, one per subscribed endpoint, in the runner's checkpoint transaction. The
 * row is unique by (endpoint, event key), so a batch taken up again after a crash
 * queues nothing twice, and its id (the webhook-id) is fixed here for every retry.
 * The WebhookSender (sender.ts) delivers the rows.
 */
import type { EventStore, StoredEvent } from '../platform/eventstore/port.ts';
import { BACKGROUND_COALESCE_MS, type Projection } from '../platform/projections/projection.ts';
import { baseStatus, foldWorkout } from '../training/index.ts';
import { athleteErased, athleteLinked, performanceRecord, setLogged, workoutCompleted, type WebhookCandidate } from './domain/payloads.ts';

/** Whether this set made its workout completed: folded from the workout's own stream up to the event. */
async function completesWorkout(store: EventStore, e: StoredEvent): Promise<{ name: string | null; date: string | null; setCount: number } | null> {
  const history = await store.readStream(e.stream);
  const before = foldWorkout(history.filter((h) => h.streamVersion < e.streamVersion));
  const after = foldWorkout(history.filter((h) => h.streamVersion <= e.streamVersion));
  if (after.deleted || baseStatus(after.exercises) !== 'completed' || baseStatus(before.exercises) === 'completed') return null;
  return { name: after.name, date: after.date, setCount: after.exercises.reduce((n, x) => n + (x.sets?.length ?? 0), 0) };
}

export function webhookReactor(store: EventStore, onQueued: () => void = () => {}): Projection {
  return {
    name: 'webhook_reactor',
    version: 1,
    reactor: true,
    tables: {},
    handles: ['SetActualRecorded', 'PerformanceLogged', 'ClientLinked', 'AccountErased'],
    coalesceMs: BACKGROUND_COALESCE_MS,
    async apply(events, { tx }) {
      // Most servers have no endpoints at all: one cheap query, then nothing to do.
      const { rows: subscribed } = await tx.query<{ t: string }>('SELECT DISTINCT unnest(event_types) AS t FROM webhook_endpoints WHERE enabled');
      const wanted = new Set(subscribed.map((r) => r.t));
      if (wanted.size === 0) return [];
      const found: (WebhookCandidate & { appendedAt: Date })[] = [];
      const push = (e: StoredEvent, c: WebhookCandidate) => found.push({ ...c, appendedAt: e.time });
      for (const e of events) {
        // Seeded demo data is made up: nobody's systems should hear of it.
        if (e.metadata.source === 'seed') continue;
        if (e.type === 'ClientLinked' && wanted.has('athlete.linked')) push(e, athleteLinked(e));
        if (e.type === 'AccountErased' && wanted.has('athlete.erased')) for (const c of athleteErased(e)) push(e, c);
        if (e.type === 'PerformanceLogged' && wanted.has('performance.record')) push(e, performanceRecord(e));
        if (e.type === 'SetActualRecorded') {
          if (wanted.has('set.logged')) push(e, setLogged(e));
          const completed = wanted.has('workout.completed') ? await completesWorkout(store, e) : null;
          if (completed) push(e, workoutCompleted(e, completed));
        }
      }
      if (found.length === 0) return [];
      // One statement for the batch: each candidate meets the endpoints of its coach
      // (named, or linked to its athlete) that subscribe to its type and existed when
      // it happened, so a new endpoint never gets history from a reactor catching up.
      const { rowCount } = await tx.query(
        `INSERT INTO webhook_deliveries (id, endpoint_id, event_id, event_type, payload)
         SELECT 'msg_' || replace(gen_random_uuid()::text, '-', ''), w.id, c.key, c.type, c.payload
           FROM unnest($1::text[], $2::text[], $3::uuid[], $4::uuid[], $5::jsonb[], $6::timestamptz[]) AS c(key, type, coach_id, athlete_id, payload, at)
           JOIN webhook_endpoints w ON w.enabled AND c.type = ANY (w.event_types) AND w.created_at <= c.at
            AND (w.coach_id = c.coach_id
                 OR (c.coach_id IS NULL AND w.coach_id IN (SELECT l.coach_id FROM client_links l WHERE l.athlete_id = c.athlete_id)))
         ON CONFLICT (endpoint_id, event_id) DO NOTHING`,
        [
          found.map((c) => c.key),
          found.map((c) => c.type),
          found.map((c) => c.coachId),
          found.map((c) => c.athleteId),
          found.map((c) => JSON.stringify(c.payload)),
          found.map((c) => c.appendedAt),
        ],
      );
      // The sender looks after this transaction commits (it claims in its own).
      if (rowCount) setTimeout(onQueued, 0);
      return [];
    },
  };
}

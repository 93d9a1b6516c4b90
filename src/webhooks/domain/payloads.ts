/**
 * Domain events → webhook payloads (pure). Who receives one is said by `coachId`
 * (the event names the coach) or `athleteId` (every coach linked to the athlete).
 * `key` is what the delivery is unique by per endpoint: one domain event may give
 * two webhooks (a set that completes its workout: set.logged and workout.completed).
 */
import type { StoredEvent } from '../../kernel/events.ts';
import type { TrainingEvent } from '../../training/domain/events.ts';
import { actualInPounds } from '../../training/domain/load-units.ts';
import type { PerformanceEvent } from '../../performance/domain/events.ts';
import type { WebhookEventType, WebhookPayload } from './event-types.ts';
import type { PrivacyEvent } from '../../privacy/domain/events.ts';

export interface WebhookCandidate {
  key: string;
  type: WebhookEventType;
  coachId: string | null;
  athleteId: string | null;
  payload: WebhookPayload;
}

type SetRecorded = Extract<TrainingEvent, { type: 'SetActualRecorded' }>['data'];
type Logged = Extract<PerformanceEvent, { type: 'PerformanceLogged' }>['data'];
type Linked = { linkId: string; coachId: string; athleteId: string; email: string };

const when = (e: StoredEvent) => e.metadata.at ?? e.time.toISOString();

function candidate(e: StoredEvent, type: WebhookEventType, to: { coachId?: string; athleteId?: string }, data: Record<string, unknown>): WebhookCandidate {
  return { key: `${type}:${e.id}`, type, coachId: to.coachId ?? null, athleteId: to.athleteId ?? null, payload: { type, timestamp: when(e), data } };
}

export function setLogged(e: StoredEvent): WebhookCandidate {
  const d = e.data as SetRecorded;
  return candidate(
    e,
    'set.logged',
    { athleteId: d.athleteId },
    {
      athleteId: d.athleteId,
      workoutId: d.workoutId,
      date: d.date,
      exerciseName: d.exerciseName,
      exerciseIndex: d.exerciseIndex,
      setIndex: d.setIndex,
      setId: d.setId ?? null,
      doneAt: d.doneAt ?? when(e),
      // In pounds, as every API answer (a load typed in kilograms is converted; its event keeps it as typed).
      actual: actualInPounds(d.actual),
    },
  );
}

export function workoutCompleted(e: StoredEvent, workout: { name: string | null; date: string | null; setCount: number }): WebhookCandidate {
  const d = e.data as SetRecorded;
  return candidate(
    e,
    'workout.completed',
    { athleteId: d.athleteId },
    { athleteId: d.athleteId, workoutId: d.workoutId, date: workout.date ?? d.date, name: workout.name, setCount: workout.setCount, completedAt: d.doneAt ?? when(e) },
  );
}

export function performanceRecord(e: StoredEvent): WebhookCandidate {
  const d = e.data as Logged;
  return candidate(
    e,
    'performance.record',
    { athleteId: d.athleteId },
    {
      athleteId: d.athleteId,
      entryId: d.entryId,
      exerciseName: d.exerciseName,
      exerciseType: d.exerciseType,
      value: d.value,
      reps: d.reps,
      unit: d.unit,
      date: d.date,
      loggedBy: d.loggedBy,
    },
  );
}

export function athleteLinked(e: StoredEvent): WebhookCandidate {
  const d = e.data as Linked;
  return candidate(e, 'athlete.linked', { coachId: d.coachId }, { athleteId: d.athleteId, coachId: d.coachId, linkId: d.linkId, email: d.email, linkedAt: when(e) });
}

/** An athlete erased their account (issue 26): each coach they were linked to hears it, with ids only. */
export function athleteErased(e: StoredEvent): WebhookCandidate[] {
  const d = e.data as PrivacyEvent['data'];
  return d.coachIds.map((coachId) => candidate(e, 'athlete.erased', { coachId }, { athleteId: d.userId, erasedAt: d.at }));
}

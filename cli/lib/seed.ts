/**
 * `spotter seed`: realistic data at scale, through the deciders and the event store
 * (never a read-model row): confirmed coaches, athletes invited → accepted → linked,
 * and a year of training per athlete with actuals, the last session logged set by
 * set with RecordSetActual. Every event carries `{ source: 'seed' }` in its metadata,
 * so mail reactors skip it (the addresses are made up).
 *
 * A new account or workout stream's command is decided on the decider's initial
 * state and appended at 'no_stream' without reading first, 200 streams per batch in
 * one transaction (one commit, not 200). Links and the live-logged sets go through
 * handleCommand like the API.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { EventStore, NewEvent } from '../../src/eventstore/port.ts';
import type { PostgresEventStore } from '../../src/eventstore/postgres.ts';
import { deterministicId, handleCommand } from '../../src/commands/handle-command.ts';
import type { Decider, DomainEvent } from '../../src/domain/decider.ts';
import { hashPassword } from '../../src/auth/passwords.ts';
import { userDecider, userStream } from '../../src/domain/accounts/user.ts';
import { coachDecider, coachStream, type CoachCommand } from '../../src/domain/coaching/coach.ts';
import { workoutDecider, workoutStream } from '../../src/domain/training/workout.ts';
import { todayIn } from '../../src/domain/accounts/time-zone.ts';
import { athleteProgramme, seedPeople, SEED_PASSWORD, withoutActuals, type SeedCoach, type SeedPerson, type SeedSize, type SeedWorkout } from '../../src/domain/seed/plan.ts';

export const SEED_LIMITS = { coaches: 1000, athletesPerCoach: 2000, weeks: 520, seed: 2_147_483_647 } as const;
const SEED_META = { source: 'seed' } as const;
const IN_FLIGHT = 8;
/** New streams per append batch, and batches in flight. */
const BATCH = 200;
const BATCHES_IN_FLIGHT = 2;

export interface SeedDeps {
  pool: pg.Pool;
  store: EventStore;
  now?: () => Date;
}

export interface SeedOptions extends SeedSize {
  /** The last day before which training is planned (default: today, UTC). */
  today?: string;
  onProgress?: (done: number, total: number) => void;
}

export interface SeedResult {
  coaches: { email: string; name: string; athletes: number }[];
  athleteEmails: string[];
  password: string;
  accounts: number;
  links: number;
  workouts: number;
  sets: number;
  loggedSets: number;
  events: number;
  seconds: number;
  eventsPerSecond: number;
  failures: string[];
}

export class SeedExistsError extends Error {}

/** Runs `work` over `items` with at most `limit` at a time, in order of start. */
async function pooled<T>(items: Iterable<T>, limit: number, work: (item: T) => Promise<void>): Promise<void> {
  const it = items[Symbol.iterator]();
  const lanes = Array.from({ length: limit }, async () => {
    for (let next = it.next(); !next.done; next = it.next()) await work(next.value);
  });
  await Promise.all(lanes);
}

/** A command on a stream that does not exist yet, decided on the decider's initial state. */
function decideNew<S, C, E extends DomainEvent>(stream: string, decider: Decider<S, C, E>, command: C, actor: string, now: Date): NewStream {
  const events = decider.decide(command, decider.initialState(), { userId: actor, now, newId: randomUUID });
  const metadata = { ...SEED_META, userId: actor, at: now.toISOString() };
  return { stream, expected: 'no_stream', events: events.map((e, i) => ({ type: e.type, data: e.data, metadata, id: deterministicId(`seed:${stream}:${i}`) })) };
}

interface NewStream {
  stream: string;
  expected: 'no_stream';
  events: NewEvent[];
}

/**
 * Appends new streams in batches: one transaction and one round trip per batch where
 * the store can (PostgreSQL), else one append per stream, a few at a time.
 */
async function appendNew(store: EventStore, streams: NewStream[]): Promise<number> {
  const many = (store as Partial<PostgresEventStore>).appendMany;
  if (many) await many.call(store, streams);
  else await pooled(streams, IN_FLIGHT, async (s) => void (await store.append(s.stream, s.events, s.expected)));
  return streams.reduce((n, s) => n + s.events.length, 0);
}

/** Splits an iterable into arrays of `size`. */
function* chunks<T>(items: Iterable<T>, size: number): Generator<T[]> {
  let chunk: T[] = [];
  for (const item of items) {
    chunk.push(item);
    if (chunk.length === size) {
      yield chunk;
      chunk = [];
    }
  }
  if (chunk.length) yield chunk;
}

const setCount = (w: SeedWorkout) => w.content.exercises.reduce((n, e) => n + e.sets.length, 0);

export async function runSeed(deps: SeedDeps, opts: SeedOptions): Promise<SeedResult> {
  const now = deps.now ?? (() => new Date());
  const started = Date.now();
  const today = opts.today ?? todayIn('UTC', now());
  const coaches = seedPeople(opts);
  const people: SeedPerson[] = coaches.flatMap((c) => [c, ...c.athletes]);
  const failures: string[] = [];
  let events = 0;

  // 1. Credentials (not events: secrets never go into events), one hash for all, one statement.
  const emails = people.map((p) => p.email);
  const taken = await deps.pool.query<{ email: string }>('SELECT email FROM user_credentials WHERE email = ANY($1::text[]) LIMIT 1', [emails]);
  if (taken.rows[0]) throw new SeedExistsError(`${taken.rows[0].email} already exists: this seed (--seed ${opts.seed}) was run on this database before; pick another --seed.`);
  const hash = await hashPassword(SEED_PASSWORD);
  await deps.pool.query(
    `INSERT INTO user_credentials (user_id, email, password_hash, created_at)
     SELECT id, email, $3, $4 FROM unnest($1::uuid[], $2::text[]) AS x(id, email)`,
    [people.map((p) => p.id), emails, hash, now()],
  );

  // 2. Accounts, confirmed (as an invitation would leave them: no confirmation round trip).
  for (const batch of chunks(people, BATCH)) {
    events += await appendNew(deps.store, batch.map((p) => decideNew(userStream(p.id), userDecider, { type: 'RegisterUser', userId: p.id, email: p.email, fullName: p.fullName, preConfirmed: true }, p.id, now())));
  }

  // 3. Invite → accept → link, per coach in order (one coach stream), coaches side by side.
  let links = 0;
  await pooled(coaches, IN_FLIGHT, async (coach) => {
    const onCoach = async (actor: string, command: CoachCommand) => {
      const r = await handleCommand(deps.store, coachStream(coach.id), coachDecider, command, { userId: actor, now, metadata: SEED_META });
      events += r.events.length;
      return r;
    };
    for (const a of coach.athletes) {
      try {
        const sent = await onCoach(coach.id, { type: 'SendInvite', coachId: coach.id, coachEmail: coach.email, coachName: coach.fullName, email: a.email, athleteName: a.fullName });
        const inviteId = (sent.events[0]!.data as { inviteId: string }).inviteId;
        await onCoach(a.id, { type: 'AcceptInvite', coachId: coach.id, inviteId, athleteId: a.id, athleteEmail: a.email });
        await onCoach(coach.id, { type: 'LinkClient', coachId: coach.id, email: a.email, athleteId: a.id });
        links++;
      } catch (e) {
        failures.push(`link ${a.email} to ${coach.email}: ${(e as Error).message}`);
      }
    }
  });

  // 4. Training: every workout a new stream, many in flight; the last session logged live.
  const athletes = coaches.flatMap((c) => c.athletes.map((a) => ({ coach: c, athlete: a })));
  const perAthlete = athletes.length ? athleteProgramme(opts, athletes[0]!.athlete, 0, today).length : 0;
  const total = athletes.length * perAthlete;
  let done = 0;
  let workouts = 0;
  let sets = 0;
  let loggedSets = 0;
  const live: { coach: SeedCoach; athleteId: string; workout: SeedWorkout }[] = [];
  function* jobs() {
    for (const [i, { coach, athlete }] of athletes.entries()) {
      for (const workout of athleteProgramme(opts, athlete, i, today)) yield { coach, athleteId: athlete.id, workout };
    }
  }
  await pooled(chunks(jobs(), BATCH), BATCHES_IN_FLIGHT, async (batch) => {
    const streams = batch.map(({ workout, athleteId, coach }) => {
      const content = workout.loggedLive ? { ...workout.content, exercises: withoutActuals(workout.content.exercises) } : workout.content;
      return decideNew(workoutStream(workout.id), workoutDecider, { type: 'ScheduleWorkout', workoutId: workout.id, athleteId, content, mayAct: true }, coach.id, now());
    });
    try {
      const n = await appendNew(deps.store, streams);
      events += n;
      workouts += batch.length;
      for (const job of batch) {
        sets += setCount(job.workout);
        if (job.workout.loggedLive) live.push(job);
      }
    } catch (e) {
      failures.push(`${batch.length} workouts from ${batch[0]!.workout.content.date} (athlete ${batch[0]!.athleteId}): ${(e as Error).message}`);
    }
    done += batch.length;
    opts.onProgress?.(done, total);
  });

  // 5. The athletes log their last session set by set, as from the phone.
  await pooled(live, IN_FLIGHT, async ({ athleteId, workout }) => {
    for (const [exerciseIndex, exercise] of workout.content.exercises.entries()) {
      for (const [setIndex, set] of exercise.sets.entries()) {
        if (!set.actual) continue;
        const r = await handleCommand(
          deps.store,
          workoutStream(workout.id),
          workoutDecider,
          { type: 'RecordSetActual', exerciseIndex, setIndex, actual: set.actual, mayAct: true },
          { userId: athleteId, now, metadata: SEED_META },
        );
        events += r.events.length;
        loggedSets++;
      }
    }
  });

  const secondsTaken = (Date.now() - started) / 1000;
  return {
    coaches: coaches.map((c) => ({ email: c.email, name: c.fullName, athletes: c.athletes.length })),
    athleteEmails: coaches.flatMap((c) => c.athletes.map((a) => a.email)),
    password: SEED_PASSWORD,
    accounts: people.length,
    links,
    workouts,
    sets,
    loggedSets,
    events,
    seconds: Math.round(secondsTaken * 10) / 10,
    eventsPerSecond: secondsTaken > 0 ? Math.round(events / secondsTaken) : events,
    failures,
  };
}

export const seedExitCode = (r: SeedResult) => (r.failures.length ? 1 : 0);

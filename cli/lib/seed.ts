/**
 * `spotter seed`: realistic data at scale, through the deciders and the event store
 * (never a read-model row): confirmed coaches, athletes invited → accepted → linked,
 * and a year of training per athlete with actuals, the last session logged set by
 * set with RecordSetActual. Every event carries `{ source: 'seed' }` in its metadata,
 * so mail reactors skip it (the addresses are made up).
 *
 * Every stream the seed writes is new (accounts, each coach's invites and links, each
 * workout), so its commands are decided one after the other on the state the
 * decider's own evolve leaves, exactly as handleCommand would decide them, and the
 * stream is appended at 'no_stream' without a read. Streams go in batches of 200 in
 * one transaction (the store's appendMany: one commit, not 200). Ids the
 * deciders draw come from the stream's name, so a seed always writes the same events.
 */
import type pg from 'pg';
import type { EventStore, NewEvent } from '../../src/platform/eventstore/port.ts';
import { deterministicId } from '../../src/platform/handle-command.ts';
import type { Decider, DomainEvent } from '../../src/kernel/decider.ts';
import { hashPassword } from '../../src/platform/auth/passwords.ts';
import { userDecider, userStream } from '../../src/accounts/index.ts';
import { coachDecider, coachStream, type CoachCommand, type CoachEvent } from '../../src/coaching/index.ts';
import type { TrainingEvent } from '../../src/training/index.ts';
import { workoutDecider, workoutStream, type WorkoutCommand } from '../../src/training/index.ts';
import { todayIn } from '../../src/accounts/index.ts';
import { athleteProgramme, seedPeople, SEED_PASSWORD, withoutActuals, type SeedCoach, type SeedPerson, type SeedSize, type SeedWorkout } from '../../src/training/index.ts';

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
  /** New streams per append batch (default 200). */
  batchSize?: number;
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

/**
 * Commands on a stream that does not exist yet, each decided on the state the
 * previous ones left (through the decider's own evolve), as handleCommand would
 * decide them one after the other: appended together at 'no_stream'.
 */
function decideNew<S, C, E extends DomainEvent>(stream: string, decider: Decider<S, C, E>, commands: Step<C, E>[], now: Date): NewStream {
  let state = decider.initialState();
  let last: E[] = [];
  const out: NewEvent[] = [];
  // Ids the decider draws (invites, links) follow from the stream: the same seed, the same ids.
  let drawn = 0;
  const newId = () => deterministicId(`seed-id:${stream}:${drawn++}`);
  for (const { command, actor } of commands) {
    last = decider.decide(typeof command === 'function' ? (command as (l: E[]) => C)(last) : command, state, { userId: actor, now, newId });
    state = last.reduce(decider.evolve, state);
    const metadata = { ...SEED_META, userId: actor, at: now.toISOString() };
    for (const e of last) out.push({ type: e.type, data: e.data, metadata, id: deterministicId(`seed:${stream}:${out.length}`) });
  }
  return { stream, expected: 'no_stream', events: out };
}

/** A command, or one built from the events the previous command decided (an accept needs the invite's id). */
interface Step<C, E> {
  command: C | ((previous: E[]) => C);
  actor: string;
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
  if (store.appendMany) await store.appendMany(streams);
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
  for (const batch of chunks(people, opts.batchSize ?? BATCH)) {
    events += await appendNew(
      deps.store,
      batch.map((p) =>
        decideNew(
          userStream(p.id),
          userDecider,
          [{ command: { type: 'RegisterUser', userId: p.id, email: p.email, fullName: p.fullName, preConfirmed: true }, actor: p.id }],
          now(),
        ),
      ),
    );
  }

  // 3. Each coach's stream: invite → accept (as the athlete) → link, for every athlete, in one append.
  let links = 0;
  for (const batch of chunks(coaches, opts.batchSize ?? BATCH)) {
    const streams: NewStream[] = [];
    for (const coach of batch) {
      try {
        streams.push(decideNew(coachStream(coach.id), coachDecider, coachCommands(coach), now()));
      } catch (e) {
        failures.push(`links of ${coach.email}: ${(e as Error).message}`);
      }
    }
    events += await appendNew(deps.store, streams);
    links += streams.reduce((n, s) => n + s.events.filter((e) => e.type === 'ClientLinked').length, 0);
  }

  // 4. Training: a stream per workout, planned by the coach; the athlete's last session
  // planned bare and then logged set by set (RecordSetActual, as from the phone).
  const athletes = coaches.flatMap((c) => c.athletes.map((a) => ({ coach: c, athlete: a })));
  const perAthlete = athletes.length ? athleteProgramme(opts, athletes[0].athlete, 0, today).length : 0;
  const total = athletes.length * perAthlete;
  let done = 0;
  let workouts = 0;
  let sets = 0;
  let loggedSets = 0;
  function* jobs() {
    for (const [i, { coach, athlete }] of athletes.entries()) {
      for (const workout of athleteProgramme(opts, athlete, i, today)) yield { coachId: coach.id, athleteId: athlete.id, workout };
    }
  }
  await pooled(chunks(jobs(), opts.batchSize ?? BATCH), BATCHES_IN_FLIGHT, async (batch) => {
    try {
      const streams = batch.map((job) => decideNew(workoutStream(job.workout.id), workoutDecider, workoutCommands(job), now()));
      // Read `events` only after the await: two batches run side by side.
      const appended = await appendNew(deps.store, streams);
      events += appended;
      workouts += batch.length;
      for (const job of batch) sets += setCount(job.workout);
      loggedSets += streams.reduce((n, s) => n + s.events.filter((e) => e.type === 'SetActualRecorded').length, 0);
    } catch (e) {
      failures.push(`${batch.length} workouts from ${batch[0].workout.content.date} (athlete ${batch[0].athleteId}): ${(e as Error).message}`);
    }
    done += batch.length;
    opts.onProgress?.(done, total);
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

function coachCommands(coach: SeedCoach): Step<CoachCommand, CoachEvent>[] {
  const out: Step<CoachCommand, CoachEvent>[] = [];
  for (const a of coach.athletes) {
    const inviteOf = (sent: CoachEvent[]) => (sent[0].data as { inviteId: string }).inviteId;
    out.push(
      { command: { type: 'SendInvite', coachId: coach.id, coachEmail: coach.email, coachName: coach.fullName, email: a.email, athleteName: a.fullName }, actor: coach.id },
      { command: (sent) => ({ type: 'AcceptInvite', coachId: coach.id, inviteId: inviteOf(sent), athleteId: a.id, athleteEmail: a.email }), actor: a.id },
      { command: { type: 'LinkClient', coachId: coach.id, email: a.email, athleteId: a.id }, actor: coach.id },
    );
  }
  return out;
}

function workoutCommands({ coachId, athleteId, workout }: { coachId: string; athleteId: string; workout: SeedWorkout }): Step<WorkoutCommand, TrainingEvent>[] {
  const content = workout.loggedLive ? { ...workout.content, exercises: withoutActuals(workout.content.exercises) } : workout.content;
  const out: Step<WorkoutCommand, TrainingEvent>[] = [{ command: { type: 'ScheduleWorkout', workoutId: workout.id, athleteId, content, mayAct: true }, actor: coachId }];
  if (!workout.loggedLive) return out;
  for (const [exerciseIndex, exercise] of workout.content.exercises.entries()) {
    for (const [setIndex, set] of exercise.sets.entries()) {
      if (set.actual) out.push({ command: { type: 'RecordSetActual', exerciseIndex, setIndex, actual: set.actual, mayAct: true }, actor: athleteId });
    }
  }
  return out;
}

export const seedExitCode = (r: SeedResult) => (r.failures.length ? 1 : 0);

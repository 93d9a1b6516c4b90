/**
 * The store of `bench:scale`: 2,000 coaches, 40,000 athletes (four coaches with 400,
 * the rest about 19 each), their accounts, invitations and links, three years of
 * workouts with actuals for the first 400-athlete team and as many recent weeks for
 * everyone else as the target event count leaves, set-by-set logging, message threads
 * (one with thousands of messages), templates and template assignments.
 *
 * Every event is decided by the real decider of its stream, command after command on
 * the state its own evolve leaves (as handleCommand decides them), with the metadata a
 * command writes (userId, commandId, correlationId, at); personal fields are sealed by
 * the store's own PersonalDataCodec (per-subject keys in personal_data_keys); the rows
 * then go into es_events by COPY, with es_events' secondary indexes set aside during
 * the load. A sample of streams is read back through the store afterwards (decrypted,
 * upcast) and must equal what was decided, and fold through its decider's evolve.
 */
import { randomUUID } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';
import { isDeepStrictEqual } from 'node:util';
import type pg from 'pg';
import type { Decider, DomainEvent } from '../src/kernel/decider.ts';
import type { NewEvent } from '../src/platform/eventstore/port.ts';
import type { PostgresEventStore } from '../src/platform/eventstore/postgres.ts';
import { deterministicId } from '../src/platform/handle-command.ts';
import { userDecider, userStream } from '../src/accounts/index.ts';
import { coachDecider, coachStream, type CoachCommand, type CoachEvent } from '../src/coaching/index.ts';
import { withoutActuals, workoutDecider, workoutStream, type SeedAthlete, type SeedWorkout, type TrainingEvent, type WorkoutCommand } from '../src/training/index.ts';
import { addDays, type WorkoutExercise, type WorkoutSet } from '../src/training/domain/workout-rules.ts';
import { guessIntent } from '../src/training/domain/intents.ts';
import { weekStart } from '../src/training/domain/summaries.ts';
import { conversationDecider, type ConversationCommand, type ConversationEvent } from '../src/messaging/domain/conversation.ts';
import { conversationStream, directConversationId } from '../src/messaging/domain/conversation-id.ts';
import { templateDecider } from '../src/templates/domain/template.ts';
import { assignmentDecider } from '../src/templates/domain/assignment.ts';
import { assignmentStream, templateStream } from '../src/templates/domain/events.ts';
import { parseTemplate } from '../src/templates/domain/payload.ts';
import { copyRows, copyText } from './scale-copy.ts';
import { emailSubject } from '../src/platform/eventstore/personal-data.ts';
import { log, restoreIndexes, setIndexesAside } from './lib.ts';
import { DAYS } from '../src/training/seed-plan.ts';

export const COACHES = 2000;
export const ATHLETES = 40_000;
export const BIG_TEAMS = 4;
export const TEAM = 400;
/** Weeks of history of the first 400-athlete team (the measured coach's). */
const FULL_WEEKS = 156;
const DAY_MS = 86_400_000;
const SAMPLE_STREAMS = 1000;

export interface Person {
  id: string;
  email: string;
  fullName: string;
}
export interface Coach extends Person {
  athletes: (SeedAthlete & { index: number })[];
}

export const scaleId = (what: string) => deterministicId(`bench-scale:${what}`);

/** 2,000 coaches; coaches 0–3 have 400 athletes, the others share the remaining 38,400. */
export function population(): Coach[] {
  const coaches: Coach[] = [];
  const small = COACHES - BIG_TEAMS;
  const rest = ATHLETES - BIG_TEAMS * TEAM;
  const base = Math.floor(rest / small);
  const extra = rest - base * small;
  let n = 0;
  for (let c = 0; c < COACHES; c++) {
    const size = c < BIG_TEAMS ? TEAM : base + (c - BIG_TEAMS < extra ? 1 : 0);
    const email = `coach${c}@scale.bench`;
    const athletes = [];
    for (let a = 0; a < size; a++, n++) {
      const athleteEmail = `athlete${n}@scale.bench`;
      athletes.push({
        index: n,
        id: scaleId(`user:${athleteEmail}`),
        email: athleteEmail,
        fullName: `Athlete ${n}`,
        diligence: 0.6 + ((n * 37) % 38) / 100,
        strength: 0.7 + ((n * 53) % 60) / 100,
      });
    }
    coaches.push({ id: scaleId(`user:${email}`), email, fullName: `Coach ${c}`, athletes });
  }
  return coaches;
}

/** How a target event count is spread (the workouts take what the rest leave). */
export interface ScalePlan {
  events: number;
  /** Weeks of history of everyone outside the first team, and how many of them get one more. */
  weeks: number;
  extraWeekAthletes: number;
  /** Athletes outside the first team who log their last session set by set (every n-th). */
  liveEvery: number;
  bigThreadMessages: number;
  conversations: number;
  messagesPerConversation: number;
  assignments: number;
}

/** Events per account (UserRegistered pre-confirmed), per link (invite, accept, link), per template. */
const PER_ACCOUNT = 1;
const PER_LINK = 3;
/** A workout of the programme: one event; a live-logged one adds ~19 set actuals. */
const LIVE_SETS = 19;

export function planFor(events: number): ScalePlan {
  const fixed = (COACHES + ATHLETES) * PER_ACCOUNT + ATHLETES * PER_LINK + COACHES;
  const messages = Math.round(events * 0.05);
  const bigThreadMessages = Math.min(5000, Math.round(messages / 5));
  const conversations = Math.min(ATHLETES, Math.max(1, Math.floor((messages - bigThreadMessages) / 3)));
  const messagesPerConversation = Math.max(1, Math.floor((messages - bigThreadMessages) / conversations));
  const assignments = Math.min(ATHLETES, Math.round(events * 0.004));
  const firstTeam = TEAM * (FULL_WEEKS * 4 + LIVE_SETS);
  const liveEvery = 10;
  const others = ATHLETES - TEAM;
  const left = events - fixed - messages - assignments - firstTeam - (others / liveEvery) * LIVE_SETS;
  if (left < others * 4) throw new Error(`${events} events are too few for this population (at least ${Math.ceil(events - left + others * 4)})`);
  const perAthlete = left / others / 4;
  const weeks = Math.min(FULL_WEEKS, Math.floor(perAthlete));
  const extraWeekAthletes = weeks === FULL_WEEKS ? 0 : Math.round((perAthlete - weeks) * others);
  return { events, weeks, extraWeekAthletes, liveEvery, bigThreadMessages, conversations, messagesPerConversation, assignments };
}

/** A stream as decided: its events with their metadata and ids. */
export interface GenStream {
  stream: string;
  events: (NewEvent & { id: string; metadata: Record<string, unknown> })[];
}

interface Step<C, E> {
  command: C | ((previous: E[]) => C);
  actor: string;
  at: Date;
}

/** Decides a new stream's commands one after the other on the state evolve leaves; throws what a decider throws. */
function decideNew<S, C, E extends DomainEvent>(stream: string, decider: Decider<S, C, E>, steps: Step<C, E>[]): GenStream {
  let state = decider.initialState();
  let last: E[] = [];
  const out: GenStream['events'] = [];
  let drawn = 0;
  const newId = () => scaleId(`id:${stream}:${drawn++}`);
  for (const { command, actor, at } of steps) {
    last = decider.decide(typeof command === 'function' ? (command as (l: E[]) => C)(last) : command, state, { userId: actor, now: at, newId });
    state = last.reduce(decider.evolve, state);
    const commandId = randomUUID();
    const metadata = { userId: actor, commandId, correlationId: commandId, at: at.toISOString() };
    for (const e of last) out.push({ type: e.type, data: e.data, metadata, id: randomUUID() });
  }
  return { stream, events: out };
}

const atDay = (date: string, minute = 0) => new Date(Date.parse(`${date}T18:00:00Z`) + minute * 60_000);

/** A slice of the store, decided by a worker: small enough to post, in the order the store gets them. */
export type Unit =
  | { kind: 'accounts'; from: number; to: number }
  | { kind: 'links'; from: number; to: number }
  | { kind: 'templates' }
  | { kind: 'assignments'; athletes: [coach: number, position: number][] }
  | { kind: 'threads'; pairs: [coach: number, position: number][]; messages: number }
  | { kind: 'workouts'; athletes: [coach: number, position: number, weeks: number, live: boolean][] };

/** What every worker knows: the same population, day and plan. */
export interface UnitContext {
  coaches: Coach[];
  people: Person[];
  today: string;
  startMs: number;
  templates: Map<string, unknown>;
}

export function unitContext(today: string, startMs: number): UnitContext {
  const coaches = population();
  return { coaches, people: coaches.flatMap((c) => [c, ...c.athletes]), today, startMs, templates: new Map() };
}

/** Events per unit, roughly. */
const UNIT_EVENTS = 20_000;

/** The units of a plan, in store order: accounts, links, templates, assignments, messages, workouts. */
export function* unitsOf(plan: ScalePlan, coaches: Coach[]): Generator<Unit> {
  const people = COACHES + ATHLETES;
  for (let from = 0; from < people; from += UNIT_EVENTS / 4) yield { kind: 'accounts', from, to: Math.min(people, from + UNIT_EVENTS / 4) };
  for (let from = 0; from < COACHES; from += 100) yield { kind: 'links', from, to: Math.min(COACHES, from + 100) };
  yield { kind: 'templates' };
  const everyone: [number, number][] = coaches.flatMap((c, ci) => c.athletes.map((_, ai) => [ci, ai] as [number, number]));
  const assigned = everyone.slice(0, plan.assignments);
  for (let i = 0; i < assigned.length; i += UNIT_EVENTS / 4) yield { kind: 'assignments', athletes: assigned.slice(i, i + UNIT_EVENTS / 4) };
  // The big thread (coach 0 and their first athlete), then one thread per athlete, round by round over the coaches.
  yield { kind: 'threads', pairs: [[0, 0]], messages: plan.bigThreadMessages };
  const pairs: [number, number][] = [];
  for (let round = 0; pairs.length < plan.conversations && round < TEAM; round++) {
    for (const [ci, c] of coaches.entries()) {
      if (round < c.athletes.length && !(ci === 0 && round === 0) && pairs.length < plan.conversations) pairs.push([ci, round]);
    }
  }
  const perUnit = Math.max(1, Math.floor(UNIT_EVENTS / plan.messagesPerConversation));
  for (let i = 0; i < pairs.length; i += perUnit) yield { kind: 'threads', pairs: pairs.slice(i, i + perUnit), messages: plan.messagesPerConversation };
  // Workouts: the first team three years, the others `weeks` (+1 for some).
  let others = 0;
  let batch: [number, number, number, boolean][] = [];
  let events = 0;
  for (const [ci, coach] of coaches.entries()) {
    for (const [ai, a] of coach.athletes.entries()) {
      const weeks = ci === 0 ? FULL_WEEKS : plan.weeks + (others++ < plan.extraWeekAthletes ? 1 : 0);
      const live = ci === 0 || a.index % plan.liveEvery === 0;
      batch.push([ci, ai, weeks, live]);
      events += weeks * 4 + (live ? LIVE_SETS : 0);
      if (events >= UNIT_EVENTS) {
        yield { kind: 'workouts', athletes: batch };
        batch = [];
        events = 0;
      }
    }
  }
  if (batch.length) yield { kind: 'workouts', athletes: batch };
}

/** Decides a unit's streams through the real deciders. */
export function decideUnit(unit: Unit, ctx: UnitContext): GenStream[] {
  const { coaches, today, startMs } = ctx;
  const out: GenStream[] = [];
  switch (unit.kind) {
    case 'accounts':
      for (let i = unit.from; i < unit.to; i++) {
        const p = ctx.people[i];
        const at = new Date(startMs + i * 1000);
        out.push(
          decideNew(userStream(p.id), userDecider, [
            { command: { type: 'RegisterUser', userId: p.id, email: p.email, fullName: p.fullName, preConfirmed: true }, actor: p.id, at },
          ]),
        );
      }
      break;
    case 'links':
      for (const coach of coaches.slice(unit.from, unit.to)) {
        const at = new Date(startMs + DAY_MS);
        const steps: Step<CoachCommand, CoachEvent>[] = [];
        for (const a of coach.athletes) {
          const inviteOf = (sent: CoachEvent[]) => (sent[0].data as { inviteId: string }).inviteId;
          steps.push(
            {
              command: { type: 'SendInvite', coachId: coach.id, coachEmail: coach.email, coachName: coach.fullName, email: a.email, athleteName: a.fullName },
              actor: coach.id,
              at,
            },
            { command: (sent) => ({ type: 'AcceptInvite', coachId: coach.id, inviteId: inviteOf(sent), athleteId: a.id, athleteEmail: a.email }), actor: a.id, at },
            { command: { type: 'LinkClient', coachId: coach.id, email: a.email, athleteId: a.id }, actor: coach.id, at },
          );
        }
        out.push(decideNew(coachStream(coach.id), coachDecider, steps));
      }
      break;
    case 'templates':
      for (const coach of coaches) out.push(templateOf(coach, ctx));
      break;
    case 'assignments':
      for (const [ci, ai] of unit.athletes) {
        const coach = coaches[ci];
        const a = coach.athletes[ai];
        const assignmentId = scaleId(`assignment:${a.id}`);
        const startDate = addDays(today, -28 - (a.index % 300));
        const template = templateOf(coach, ctx).events.reduce(templateDecider.evolve as never, templateDecider.initialState());
        out.push(
          decideNew(assignmentStream(assignmentId), assignmentDecider, [
            {
              command: { type: 'AssignTemplate', assignmentId, template, athleteId: a.id, athleteLinked: true, startDate, today: startDate },
              actor: coach.id,
              at: atDay(startDate),
            },
          ]),
        );
      }
      break;
    case 'threads':
      for (const [ci, ai] of unit.pairs) out.push(thread(coaches[ci].id, coaches[ci].athletes[ai].id, unit.messages, today));
      break;
    case 'workouts':
      for (const [ci, ai, weeks, live] of unit.athletes) {
        const coach = coaches[ci];
        const a = coach.athletes[ai];
        for (const w of trainingOf(a, weeks, today)) out.push(decideNew(workoutStream(w.id), workoutDecider, workoutSteps(coach.id, a.id, w, live && w.loggedLive)));
      }
      break;
  }
  return out;
}

/** A coach's template, decided once per process. */
function templateOf(coach: Coach, ctx: UnitContext): GenStream {
  const known = ctx.templates.get(coach.id) as GenStream | undefined;
  if (known) return known;
  const templateId = scaleId(`template:${coach.id}`);
  const s = decideNew(templateStream(templateId), templateDecider, [
    { command: { type: 'CreateTemplate', templateId, content: parseTemplate(templateBody(coach.fullName)) }, actor: coach.id, at: new Date(ctx.startMs + 2 * DAY_MS) },
  ]);
  ctx.templates.set(coach.id, s);
  return s;
}

const COLUMNS = ['stream_id', 'stream_version', 'event_id', 'event_type', 'schema_version', 'data', 'metadata', 'created_at'];

/** Decided streams as COPY text rows, with `sealed` the same events after the codec (same order). */
export function copyChunk(streams: GenStream[], sealed: NewEvent[]): Buffer {
  const lines: string[] = [];
  let k = 0;
  for (const s of streams) {
    for (const [version, e] of s.events.entries()) {
      lines.push(
        `${copyText(s.stream)}\t${version}\t${e.id}\t${e.type}\t${e.schemaVersion ?? 1}\t${copyText(JSON.stringify(sealed[k++].data))}\t${copyText(JSON.stringify(e.metadata))}\t${e.metadata.at as string}\n`,
      );
    }
  }
  return Buffer.from(lines.join(''));
}

/** A stream of the read-back sample, as decided. */
export type SampleStream = GenStream;

/** What a worker posts back for a unit. */
export interface UnitResult {
  index: number;
  chunk: Uint8Array;
  events: number;
  sample: SampleStream[];
}

export interface Generated {
  events: number;
  seconds: number;
  coaches: Coach[];
  today: string;
  /** The thread with thousands of messages: coach 0 and their first athlete. */
  bigThread: string;
}

const WORKERS = Number(process.env.BENCH_SCALE_WORKERS ?? 2);

/**
 * Generates the store for `target` events into an empty, migrated database: units
 * decided and sealed by WORKERS worker threads (keys made here first, in
 * personal_data_keys, for every person and every invitee address), copied in order
 * on one connection, one COPY at a time.
 */
export async function generateStore(pool: pg.Pool, store: PostgresEventStore, target: number): Promise<Generated> {
  const t0 = performance.now();
  const plan = planFor(target);
  const today = new Date().toISOString().slice(0, 10);
  const startMs = Date.now() - (FULL_WEEKS * 7 + 14) * DAY_MS;
  const { coaches, people } = unitContext(today, startMs);
  log(
    `  plan: ${target.toLocaleString('en-US')} events; first team ${FULL_WEEKS} weeks, others ${plan.weeks} weeks (+1 for ${plan.extraWeekAthletes}); ${plan.conversations} conversations × ${plan.messagesPerConversation} messages + one of ${plan.bigThreadMessages}; ${plan.assignments} template assignments; ${WORKERS} worker threads`,
  );
  const keys = await store.codec.keys.keysFor([...people.map((p) => p.id), ...people.map((p) => emailSubject(p.email))], true);
  const units = [...unitsOf(plan, coaches)];
  const samplesPerUnit = Math.max(1, Math.ceil(SAMPLE_STREAMS / units.length));

  const client = await pool.connect();
  const aside = await setIndexesAside(client);
  const workers = Array.from(
    { length: WORKERS },
    // Through tsx's API: on Node 20 the parent's TypeScript loader does not reach a worker.
    () =>
      new Worker(
        `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(new URL('./scale-worker.ts', import.meta.url).href)}, ${JSON.stringify(import.meta.url)}))`,
        {
          eval: true,
          workerData: { today, startMs, samplesPerUnit, keys: [...keys].map(([s, k]) => [s, k.kid, k.key]) },
        },
      ),
  );
  let written = 0;
  const sample: SampleStream[] = [];
  try {
    const done = new Map<number, UnitResult>();
    let next = 0;
    let copied = 0;
    let copying: Promise<void> = Promise.resolve();
    let failure: Error | null = null;
    await new Promise<void>((resolve, reject) => {
      const fail = (e: Error) => {
        failure ??= e;
        reject(e);
      };
      // Copies the finished units in order; a worker gets its next unit once at most 2 per worker wait.
      const drain = () => {
        while (done.has(copied)) {
          const r = done.get(copied)!;
          done.delete(copied);
          copied++;
          sample.push(...r.sample);
          copying = copying.then(async () => {
            const n = await copyRows(client, 'es_events', COLUMNS, [Buffer.from(r.chunk.buffer, r.chunk.byteOffset, r.chunk.byteLength)]);
            if (Math.floor(written / 250_000) !== Math.floor((written + n) / 250_000)) log(`  … ${(written + n).toLocaleString('en-US')} events copied`);
            written += n;
            if (copied === units.length && r.index === units.length - 1) resolve();
          }, fail);
          void copying.catch(fail);
        }
      };
      const feed = (w: Worker) => {
        if (failure || next >= units.length) return;
        w.postMessage({ index: next, unit: units[next] });
        next++;
      };
      for (const w of workers) {
        w.on('message', (r: UnitResult) => {
          done.set(r.index, r);
          drain();
          if (done.size < 2 * WORKERS) feed(w);
          else void copying.then(() => feed(w));
        });
        w.on('error', fail);
        feed(w);
        feed(w);
      }
      if (units.length === 0) resolve();
    });
    await copying;
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  try {
    const t1 = performance.now();
    log(`  ${written.toLocaleString('en-US')} events decided, sealed and copied in ${((t1 - t0) / 1000).toFixed(1)} s; rebuilding es_events' indexes…`);
    await restoreIndexes(client, aside);
    log(`  indexes rebuilt in ${((performance.now() - t1) / 1000).toFixed(1)} s`);
    await checkSample(store, sample.slice(0, SAMPLE_STREAMS));
    return { events: written, seconds: (performance.now() - t0) / 1000, coaches, today, bigThread: directConversationId(coaches[0].id, coaches[0].athletes[0].id) };
  } finally {
    client.release();
  }
}

function thread(coachId: string, athleteId: string, messages: number, today: string): GenStream {
  const conversationId = directConversationId(coachId, athleteId);
  const first = addDays(today, -Math.max(1, Math.ceil(messages / 4)));
  const steps: Step<ConversationCommand, ConversationEvent>[] = [
    {
      command: {
        type: 'StartConversation',
        conversationId,
        by: coachId,
        otherUserId: athleteId,
        connected: true,
        initialMessage: { messageId: randomUUID(), content: 'Welcome aboard: first block starts Monday.' },
      },
      actor: coachId,
      at: atDay(first),
    },
  ];
  for (let m = 1; m < messages; m++) {
    const senderId = m % 2 ? athleteId : coachId;
    steps.push({
      command: { type: 'SendMessage', conversationId, senderId, connected: true, messageId: randomUUID(), content: MESSAGES[m % MESSAGES.length] },
      actor: senderId,
      at: atDay(addDays(first, Math.floor(m / 4)), m % 4),
    });
  }
  return decideNew(conversationStream(conversationId), conversationDecider, steps);
}

const MESSAGES = ['Squats felt heavy today, 5th set was a grind.', 'Good, keep RPE 8 next week.', 'Can we swap Friday to Saturday?', 'Sure, moved it.', 'Hit a PR on deadlift 🎉'];

function workoutSteps(coachId: string, athleteId: string, workout: SeedWorkout, live: boolean): Step<WorkoutCommand, TrainingEvent>[] {
  const content = live ? { ...workout.content, exercises: withoutActuals(workout.content.exercises) } : workout.content;
  const at = atDay(workout.content.date);
  const out: Step<WorkoutCommand, TrainingEvent>[] = [
    { command: { type: 'ScheduleWorkout', workoutId: workout.id, athleteId, content, mayAct: true }, actor: coachId, at: new Date(at.getTime() - 3 * DAY_MS) },
  ];
  if (!live) return out;
  for (const [exerciseIndex, exercise] of workout.content.exercises.entries()) {
    for (const [setIndex, set] of exercise.sets.entries()) {
      if (set.actual) out.push({ command: { type: 'RecordSetActual', exerciseIndex, setIndex, actual: set.actual, mayAct: true }, actor: athleteId, at });
    }
  }
  return out;
}

const INTENTS = new Map(DAYS.flat().map(([name]) => [name, guessIntent(name)]));

/**
 * An athlete's sessions over the `weeks` weeks before today's week, oldest first:
 * `spotter seed`'s programme (4 sessions a week, 6 exercises × 4 sets, +1.5 % a week,
 * actuals with misses), with the exercise intents guessed once rather than per
 * exercise (guessIntent was most of the generation's time). The last session is the
 * one logged set by set.
 */
function trainingOf(athlete: SeedAthlete & { index: number }, weeks: number, today: string): SeedWorkout[] {
  let seed = athlete.index * 2654435761 + 1;
  const rnd = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const thisWeek = weekStart(today);
  const out: SeedWorkout[] = [];
  let session = 0;
  for (let w = weeks; w >= 1; w--) {
    for (const offset of [1, 2, 4, 5]) {
      const date = addDays(thisWeek, -7 * w + offset);
      if (date >= today) continue;
      const exercises: WorkoutExercise[] = DAYS[session % 2].map(([name, reps, load], i) => ({
        exercise_name: name,
        heading: `${String.fromCharCode(65 + i)}1`,
        order_index: i,
        exercise_intent: INTENTS.get(name)!,
        sets: Array.from({ length: 4 }, () => {
          const set: WorkoutSet = { type: 'standard', reps, ...(load > 0 ? { load: Math.round((load * athlete.strength * (1 + 0.015 * (weeks - w))) / 5) * 5 } : {}) };
          const r = rnd();
          if (r > athlete.diligence) return rnd() < 0.5 ? { ...set, actual: { reps: 0 } } : set;
          return { ...set, actual: { reps: Math.max(1, reps - (rnd() < 0.12 ? 1 : 0)), load: set.load ?? 0 } };
        }),
      }));
      out.push({
        id: scaleId(`workout:${athlete.id}:${session}`),
        content: { date, name: session % 2 === 0 ? 'Strength A' : 'Strength B', notes: null, exercises },
        loggedLive: false,
      });
      session++;
    }
  }
  if (out.length) out[out.length - 1].loggedLive = true;
  return out;
}

/** A 4-week template, 3 workouts a week, as the template builder sends it. */
function templateBody(coachName: string) {
  const workouts: Record<string, unknown[]> = {};
  for (let week = 0; week < 4; week++) {
    for (const d of [1, 3, 5]) {
      workouts[`day-${week * 7 + d}`] = [
        {
          name: `Block ${week + 1} day ${d}`,
          exercises: ['Back Squat', 'Bench Press', 'Barbell Row', 'Romanian Deadlift'].map((exercise_name, i) => ({
            exercise_name,
            order_index: i,
            sets: Array.from({ length: 4 }, () => ({ type: 'standard', reps: 5, load: 100 + 5 * week })),
          })),
        },
      ];
    }
  }
  return { name: `${coachName}'s base block`, description: 'Four weeks of base strength.', category: 'strength', workouts };
}

const DECIDERS: Record<string, Decider<unknown, unknown, DomainEvent>> = {
  user: userDecider,
  coach: coachDecider,
  template: templateDecider,
  assignment: assignmentDecider,
  conversation: conversationDecider,
  workout: workoutDecider,
} as unknown as Record<string, Decider<unknown, unknown, DomainEvent>>;

/** Reads the sampled streams back through the store and checks them against what was decided; throws on the first difference. */
async function checkSample(store: PostgresEventStore, sample: SampleStream[]): Promise<void> {
  let events = 0;
  const kinds = new Set<string>();
  for (const s of sample) {
    const stored = await store.readStream(s.stream);
    if (stored.length !== s.events.length) throw new Error(`${s.stream}: ${stored.length} events stored, ${s.events.length} decided`);
    const kind = s.stream.slice(0, s.stream.indexOf('-'));
    const decider = DECIDERS[kind];
    if (!decider) throw new Error(`${s.stream}: no decider for streams of ${kind}`);
    kinds.add(kind);
    let state = decider.initialState();
    for (const [i, e] of stored.entries()) {
      const decided = s.events[i];
      if (e.type !== decided.type || e.id !== decided.id || e.streamVersion !== i || !isDeepStrictEqual(e.data, decided.data) || !isDeepStrictEqual(e.metadata, decided.metadata)) {
        throw new Error(`${s.stream} event ${i} (${e.type}) reads back differently from what its decider decided`);
      }
      state = decider.evolve(state, { type: e.type, data: e.data });
      events++;
    }
  }
  log(`  checked ${sample.length} sampled streams (${events} events; ${[...kinds].join(', ')}): each reads back (decrypted) as decided and folds through its decider`);
}

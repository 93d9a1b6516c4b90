/**
 * Demo data through the real commands (never raw SQL on read models): a demo
 * coach, four athletes who accepted the coach's invitation and were linked, and
 * seven weeks of workouts with the actuals the athletes logged. The last past
 * session of each athlete is logged set by set through RecordSetActual, so the
 * workout history and the live toast have something to show.
 *
 * Used by the training feature's start hook (an empty database gets the demo) and
 * usable from a CLI seed command: `seedDemo(server)` or `seedDemo(deps)`.
 */
import type pg from 'pg';
import type { EventStore } from '../platform/eventstore/port.ts';
import type { AuthService } from '../accounts/index.ts';
import type { ProjectionRunner } from '../platform/projections/runner.ts';
import { handleCommand } from '../platform/handle-command.ts';
import { userDecider, userStream } from '../accounts/index.ts';
import { coachDecider, coachStream, type CoachCommand } from '../coaching/index.ts';
import { recordActual, scheduleWorkouts, type TrainingDeps } from './commands.ts';
import { DEMO_ATHLETES, DEMO_COACH, DEMO_PASSWORD, demoProgramme, type DemoWorkout } from './domain/demo-plan.ts';
import { todayOf } from './queries.ts';
import type { WorkoutExercise } from './domain/workout-rules.ts';
import { SEED_LOCK } from '../platform/locks.ts';

export interface SeedDeps extends TrainingDeps {
  auth: AuthService;
  runner: ProjectionRunner;
  config: { signupAccessCode: string; appUrl: string };
}

/** What `startServer` returns, as far as seeding needs it. */
interface ServerLike {
  platform: { pool: pg.Pool; store: EventStore; runner: ProjectionRunner };
  auth: AuthService;
  url: string;
}

export interface DemoAccounts {
  coach: { id: string; email: string };
  athletes: { id: string; email: string; fullName: string }[];
  password: string;
  workouts: number;
}

function depsOf(input: SeedDeps | ServerLike, accessCode?: string): SeedDeps {
  if (!('platform' in input)) return input;
  const { pool, store, runner } = input.platform;
  return { pool, store, runner, auth: input.auth, now: () => new Date(), config: { signupAccessCode: accessCode ?? 'SPOTTER-COACH', appUrl: input.url } };
}

/** The coach: signed up with the access code (coach and athlete), then confirmed by command (no mailbox to click in). */
async function coachAccount(d: SeedDeps, fullName: string, email: string): Promise<string> {
  const { userId } = await d.auth.signUp({ fullName, email, password: DEMO_PASSWORD, accessCode: d.config.signupAccessCode });
  await handleCommand(d.store, userStream(userId), userDecider, { type: 'ConfirmEmail' }, { userId, now: d.now });
  return userId;
}

/**
 * An athlete as a real one joins: the coach invites, the athlete signs up from the
 * invitation (an athlete-only account, like every invited one: it lands on its own
 * training), accepts and is linked.
 */
async function invitedAthlete(
  d: SeedDeps,
  coachId: string,
  a: { fullName: string; email: string },
): Promise<{ athlete: { id: string; email: string; fullName: string }; checkpoint: string | null }> {
  const onCoach = (actor: string, command: CoachCommand) => handleCommand(d.store, coachStream(coachId), coachDecider, command, { userId: actor, now: d.now });
  const sent = await onCoach(coachId, {
    type: 'SendInvite',
    coachId,
    coachEmail: DEMO_COACH.email,
    coachName: DEMO_COACH.fullName,
    email: a.email,
    athleteName: a.fullName,
  });
  const inviteId = (sent.events[0].data as { inviteId: string }).inviteId;
  const { userId } = await d.auth.signUp({ fullName: a.fullName, email: a.email, password: DEMO_PASSWORD, invite: { id: inviteId, email: a.email } });
  // The signup's reactor accepts too; accepting an accepted invite decides nothing.
  await onCoach(userId, { type: 'AcceptInvite', coachId, inviteId, athleteId: userId, athleteEmail: a.email });
  const linked = await onCoach(coachId, { type: 'LinkClient', coachId, email: a.email, athleteId: userId });
  return { athlete: { id: userId, email: a.email, fullName: a.fullName }, checkpoint: linked.append?.checkpoint ?? null };
}

const withoutActuals = (exercises: WorkoutExercise[]): WorkoutExercise[] => exercises.map((e) => ({ ...e, sets: e.sets.map(({ actual: _a, ...s }) => s) }));

/** Plans one athlete's programme as the coach; the last past session is logged live by the athlete. */
async function train(d: SeedDeps, coachId: string, athleteId: string, programme: DemoWorkout[]): Promise<number> {
  const lastPast = programme.filter((w) => w.past).at(-1);
  const planned = programme.map((w) => ({
    athleteId,
    content: w === lastPast ? { ...w.content, exercises: withoutActuals(w.content.exercises) } : w.content,
  }));
  const { ids } = await scheduleWorkouts(d, coachId, planned);
  if (lastPast) {
    const id = ids[programme.indexOf(lastPast)];
    for (const [exerciseIndex, exercise] of lastPast.content.exercises.entries()) {
      for (const [setIndex, set] of exercise.sets.entries()) {
        if (set.actual) await recordActual(d, athleteId, id, { exerciseIndex, setIndex, actual: set.actual });
      }
    }
  }
  return ids.length;
}

export async function seedDemo(input: SeedDeps | ServerLike, opts: { accessCode?: string } = {}): Promise<DemoAccounts> {
  const d = depsOf(input, opts.accessCode);
  const coachId = await coachAccount(d, DEMO_COACH.fullName, DEMO_COACH.email);
  const athletes = [];
  let checkpoint: string | null = null;
  for (const a of DEMO_ATHLETES) {
    const joined = await invitedAthlete(d, coachId, a);
    checkpoint = joined.checkpoint ?? checkpoint;
    athletes.push(joined.athlete);
  }
  // Planning checks the coach is linked, in the client_links read model: let it catch up.
  if (checkpoint) await d.runner.waitFor(checkpoint, undefined, 15_000);
  const today = todayOf(d.now());
  let workouts = 0;
  for (const [i, a] of DEMO_ATHLETES.entries()) {
    workouts += await train(d, coachId, athletes[i].id, demoProgramme(a, 1000 + i, today));
  }
  return { coach: { id: coachId, email: DEMO_COACH.email }, athletes, password: DEMO_PASSWORD, workouts };
}

/**
 * The start hook: seeds only an empty database (no account at all), under an
 * advisory lock so that two servers starting together seed once.
 */
export async function seedDemoIfEmpty(d: SeedDeps, log: (line: string) => void): Promise<DemoAccounts | null> {
  const lock = await d.pool.connect();
  try {
    const { rows } = await lock.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [SEED_LOCK]);
    if (!rows[0].ok) return null;
    try {
      const users = await lock.query<{ n: number }>('SELECT count(*)::int AS n FROM user_credentials');
      if (users.rows[0].n > 0) return null;
      log('Empty database: creating demo data (set SPOTTER_DEMO=0 to skip)…');
      const demo = await seedDemo(d);
      log(`Demo ready: sign in at ${d.config.appUrl}/signin as ${demo.coach.email} with password ${demo.password}`);
      log(`  athletes (same password): ${demo.athletes.map((a) => a.email).join(', ')}; ${demo.workouts} workouts planned`);
      return demo;
    } finally {
      await lock.query('SELECT pg_advisory_unlock($1)', [SEED_LOCK]);
    }
  } finally {
    lock.release();
  }
}

/**
 * Builds the matrix's world through the real API: two coaches, each with an athlete
 * who signed up from the coach's invitation and was linked, exactly as users do it.
 */
import { ACCESS_CODE, signedInUser, uniqueEmail, type TestServer } from '../support/server.ts';
import { linkAthlete, settled } from '../support/coaching.ts';
import type { Account, AuthzWorld, Caller } from './types.ts';

const PASSWORD = 'correct horse battery';

export interface MatrixWorld extends AuthzWorld {
  /** Signs a caller in again if a row ended their session (sign-out, password reset). */
  ensureSessions(): Promise<void>;
}

async function poll<T>(read: () => Promise<T>, ok: (v: T) => boolean, what: string): Promise<T> {
  for (let i = 0; i < 400; i++) {
    const v = await read();
    if (ok(v)) return v;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`authz world: ${what} did not happen`);
}

export async function createWorld(t: TestServer): Promise<MatrixWorld> {
  const must = async (r: Promise<{ status: number; body: any }>, what: string) => {
    const res = await r;
    if (res.status >= 300) throw new Error(`authz world: ${what} answered ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };

  const fromSignedIn = (u: Awaited<ReturnType<typeof signedInUser>>): Account => ({ id: u.user.id, email: u.email, password: u.password, accessToken: u.accessToken });

  const signIn = async (email: string) => (await must(t.api('POST', '/api/auth/signin', { email, password: PASSWORD }), `sign-in of ${email}`)).accessToken as string;

  /** An athlete who signs up from `coach`'s e-mailed invitation (no access code). */
  const invitedAthlete = async (coach: Account, name: string): Promise<Account> => {
    const email = uniqueEmail('athlete');
    await must(t.api('POST', '/api/manage-invites', { email }, coach.accessToken), 'invite');
    const link = await t.mailLink(email, /\/signup\?invite=[\w-]+/);
    const inviteToken = link.split('invite=')[1];
    await must(t.api('POST', '/api/auth/signup', { fullName: name, email, password: PASSWORD, inviteToken }), 'invited sign-up');
    const accessToken = await signIn(email);
    const me = await must(t.api('GET', '/api/auth/me', undefined, accessToken), 'me');
    // The invitation is accepted by a reactor; the coach may link once it shows.
    await poll(
      () => t.api('GET', '/api/manage-invites', undefined, coach.accessToken),
      (r) => r.body.invites?.some((i: any) => i.email === email && i.status === 'accepted'),
      'invite acceptance',
    );
    return { id: me.user.id, email, password: PASSWORD, accessToken };
  };

  const link = async (coach: Account, athlete: Account) => {
    const linked = await must(t.api('POST', '/api/manage-links', { email: athlete.email }, coach.accessToken), 'link');
    await settled(t, linked.checkpoint);
  };

  const ownCoach = fromSignedIn(await signedInUser(t, 'Olive Owncoach'));
  const otherCoach = fromSignedIn(await signedInUser(t, 'Otto Othercoach'));
  const ownAthlete = await invitedAthlete(ownCoach, 'Ada Ownathlete');
  await link(ownCoach, ownAthlete);
  const otherAthlete = await invitedAthlete(otherCoach, 'Abe Otherathlete');
  await link(otherCoach, otherAthlete);

  const accounts: Record<Exclude<Caller, 'anonymous'>, Account> = { ownCoach, otherCoach, ownAthlete, otherAthlete };
  const accountOf = (a: Account | Caller): Account | null => (typeof a === 'string' ? (a === 'anonymous' ? null : accounts[a]) : a);

  const workoutBody = (date = '2025-06-02') => ({
    user_id: ownAthlete.id,
    date,
    name: 'Matrix Lower',
    exercises: [{ exercise_name: 'Back Squat', exercise_intent: 'strength', sets: [{ type: 'standard', reps: 5, load: 100 }] }],
  });

  const world: MatrixWorld = {
    ids: { ownCoach: ownCoach.id, ownAthlete: ownAthlete.id, otherCoach: otherCoach.id, otherAthlete: otherAthlete.id },
    emails: { ownCoach: ownCoach.email, ownAthlete: ownAthlete.email, otherCoach: otherCoach.email, otherAthlete: otherAthlete.email },
    password: PASSWORD,
    async call(caller, method, url, body, headers) {
      const res = await t.api(method, url, body, accountOf(caller)?.accessToken, headers);
      return { status: res.status, json: res.body };
    },
    async as(who, method, url, body) {
      return must(t.api(method, url, body, accountOf(who)?.accessToken), `${method} ${url}`);
    },
    settled: (checkpoint) => settled(t, checkpoint),
    async freshUser(name = 'Fresh User') {
      return fromSignedIn(await signedInUser(t, name));
    },
    async newLinkedAthlete() {
      const athlete = fromSignedIn(await signedInUser(t, 'Nell Newathlete'));
      await linkAthlete(t, ownCoach, athlete);
      return athlete;
    },
    async acceptedInvitee() {
      return invitedAthlete(ownCoach, 'Ivy Invitee');
    },
    async linkedWorkout(date) {
      const created = await must(t.api('POST', '/api/manage-workouts', { workout: workoutBody(date) }, ownCoach.accessToken), 'schedule');
      await settled(t, created.checkpoint);
      return created.id as string;
    },
    workoutBody,
    async ownExercise() {
      const made = await must(
        t.api('POST', '/api/manage-exercise', { name: `Matrix Press ${uniqueEmail('x')}`, pattern: 'Push', muscles: ['Chest'] }, ownCoach.accessToken),
        'exercise',
      );
      return made.id as string;
    },
    async ensureSessions() {
      for (const a of Object.values(accounts)) {
        const me = await t.api('GET', '/api/auth/me', undefined, a.accessToken);
        if (me.status === 401) a.accessToken = await signIn(a.email);
      }
    },
  };
  return world;
}

export { ACCESS_CODE };

/**
 * Bad-input fuzz over every route in the OpenAPI document: no request may answer 5xx,
 * and a refused request (4xx) must not append any event. Seeded (FUZZ_SEED), a few
 * seconds per route in `npm test`, longer with FUZZ_SECONDS (seconds per route).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { signedInUser, startTestServer, uniqueEmail, type TestServer } from './support/server.ts';
import { linkAthlete } from './support/coaching.ts';
import { operationsOf, requestArb, type FuzzContext, type FuzzRequest, type Operation, type Schema } from './support/fuzz.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 14);
/** Seconds per route when FUZZ_SECONDS is set; by default ~35 s shared by all routes (at most 0.7 s each). */
const secondsPerRoute = (routes: number) => (process.env.FUZZ_SECONDS ? Number(process.env.FUZZ_SECONDS) : Math.min(0.7, 35 / routes));

let t: TestServer;
type User = Awaited<ReturnType<typeof signedInUser>>;
let coach: User;
let athlete: User;
let ctx: FuzzContext;

beforeAll(async () => {
  t = await startTestServer();
  [coach, athlete] = await Promise.all([signedInUser(t, 'Coach Fuzz'), signedInUser(t, 'Athlete Fuzz')]);
  await linkAthlete(t, coach, athlete);
  const workout = {
    user_id: athlete.user.id,
    date: '2025-05-01',
    name: 'Lower',
    notes: 'brace',
    exercises: [{ exercise_name: 'Back Squat', heading: 'A1', exercise_intent: 'strength', sets: [{ type: 'rpe', reps: 5, load: 100, rpe: 8, actual: { reps: 5, load: 100 } }] }],
  };
  const created = await t.api('POST', '/api/manage-workouts', { workout }, coach.accessToken);
  const exercise = await t.api('POST', '/api/manage-exercise', { name: 'Fuzz Press', muscles: ['chest'] }, coach.accessToken);
  const invite = await t.api('POST', '/api/manage-invites', { email: uniqueEmail('invitee') }, coach.accessToken);
  if (created.status !== 201 || exercise.status >= 300 || invite.status !== 200) throw new Error('fuzz setup failed');
  const workoutId = created.body.id as string;
  ctx = {
    byName: {
      user_id: athlete.user.id,
      userId: athlete.user.id,
      athleteId: athlete.user.id,
      clientId: athlete.user.id,
      workoutId,
      workoutIds: [workoutId],
      exerciseId: exercise.body.id,
      inviteId: invite.body.inviteId,
      email: athlete.email,
      timeZone: 'Europe/Paris',
      password: 'correct horse battery',
      search_term: 'Athlete',
      name: 'Fuzz Row',
      'workout:unknown': workout,
    },
    idFor(path, name) {
      if (name === 'inviteId' || path.includes('invitations')) return invite.body.inviteId;
      if (path.includes('workouts')) return workoutId;
      if (path.includes('exercise')) return exercise.body.id;
      return randomUUID();
    },
  };
});
afterAll(async () => t?.close());

const eventCount = async () => (await t.db.pool.query('SELECT count(*)::int AS n FROM es_events')).rows[0].n as number;

async function send(r: FuzzRequest) {
  // A request that never answers is a finding too (and must not stall the whole run).
  const res = await fetch(t.url + r.url, { method: r.method, headers: r.headers, body: r.body, signal: AbortSignal.timeout(15_000) });
  const text = await res.text();
  return { status: res.status, text };
}

describe('bad-input fuzz from /api/openapi.json', () => {
  it('answers every bad request below 500 and writes nothing on a 4xx', { timeout: 600_000 }, async () => {
    const doc = await t.api('GET', '/api/openapi.json');
    const ops: Operation[] = operationsOf(doc.body);
    expect(ops.length).toBeGreaterThan(20);
    const SECONDS = secondsPerRoute(ops.length);
    let token = coach.accessToken;
    const figures = { routes: ops.length, cases: 0, fiveXX: 0, writesOn4xx: 0 };
    const failures: string[] = [];
    const perRoute: string[] = [];
    const statuses: Record<number, number> = {};

    for (const op of ops) {
      let cases = 0;
      // Our own deadline between requests: fast-check's time limit would abandon a request
      // in flight and let it overlap the next route's (and their event counts).
      const deadline = Date.now() + SECONDS * 1000;
      const arb = requestArb(op, ctx, () => token);
      if (process.env.FUZZ_TRACE) console.log(`fuzzing ${op.method} ${op.path}`);
      for (let batch = 0; Date.now() < deadline; batch++) {
        for (const r of fc.sample(arb, { seed: SEED + batch, numRuns: 20 })) {
          if (Date.now() >= deadline) break;
          try {
            await check(r);
          } catch (e) {
            failures.push(`error on ${r.method} ${r.url.slice(0, 200)} [${r.kind}]: ${(e as Error).message}`);
          }
        }
      }
      figures.cases += cases;
      perRoute.push(`${op.method} ${op.path}: ${cases}`);

      async function check(r: FuzzRequest) {
        const before = await eventCount();
        const res = await send(r);
        cases++;
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        if (res.status >= 500) {
          figures.fiveXX++;
          failures.push(`${res.status} ${r.method} ${r.url.slice(0, 200)} [${r.kind}] body=${(r.body ?? '').slice(0, 200)} → ${res.text.slice(0, 200)}`);
        } else if (res.status >= 400 && (await eventCount()) !== before) {
          figures.writesOn4xx++;
          const written = await t.db.pool.query('SELECT event_type, stream_id FROM es_events ORDER BY position DESC LIMIT $1', [(await eventCount()) - before]);
          failures.push(`write on ${res.status} ${r.method} ${r.url.slice(0, 200)} [${r.kind}] body=${(r.body ?? '').slice(0, 200)}: ${JSON.stringify(written.rows)}`);
        }
        // A route may end the session (sign-out): sign in again so later routes are fuzzed signed in.
        if (res.status === 401 && r.headers.authorization === `Bearer ${token}`) {
          const again = await t.api('POST', '/api/auth/signin', { email: coach.email, password: coach.password });
          if (again.status === 200) token = again.body.accessToken;
        }
      }
    }

    console.log(`fuzz per route (cases): ${perRoute.join('; ')}`);
    console.log(`fuzz statuses: ${JSON.stringify(statuses)}`);
    console.log(
      `fuzz figures: routes ${figures.routes}, cases sent ${figures.cases}, 5xx seen ${figures.fiveXX}, writes on 4xx ${figures.writesOn4xx} (seed ${SEED}, ${SECONDS}s per route)`,
    );
    expect(failures.slice(0, 20)).toEqual([]);
  });

  it('documents bounds for every number, string and array a route accepts', async () => {
    const doc = await t.api('GET', '/api/openapi.json');
    const unbounded = operationsOf(doc.body).flatMap((op) => [
      ...(op.parameters ?? []).flatMap((p) => unboundedIn(p.schema, `${op.method} ${op.path} ${p.in}.${p.name}`)),
      ...unboundedIn(op.requestBody?.content['application/json'].schema, `${op.method} ${op.path} body`),
    ]);
    expect(unbounded).toEqual([]);
  });

  it("describes the body of every operation's success answer", async () => {
    const doc = await t.api('GET', '/api/openapi.json');
    const ops = operationsOf(doc.body);
    const undescribed = ops
      .filter((op) => !Object.entries(op.responses ?? {}).some(([status, r]) => /^2/.test(status) && describes(r.content?.['application/json']?.schema)))
      .map((op) => `${op.method} ${op.path}`);
    console.log(`response schemas: ${ops.length - undescribed.length} of ${ops.length} operations describe a 2xx body`);
    expect(undescribed).toEqual([]);
  });
});

/** A schema that says something about the body: `{}` (or none) lets a generated client learn nothing. */
function describes(schema: Schema | undefined): boolean {
  if (!schema) return false;
  return ['type', 'properties', 'items', 'anyOf', 'oneOf', 'allOf', '$ref', 'enum', 'const'].some((k) => k in schema);
}

/** Where a request schema lets through an unbounded number, string or array. */
function unboundedIn(schema: Schema | undefined, where: string): string[] {
  if (!schema) return [];
  const s = schema as Schema & { maximum?: number; maxItems?: number; patternProperties?: Record<string, Schema>; additionalProperties?: unknown; maxProperties?: number };
  const out: string[] = [];
  for (const option of [...(s.anyOf ?? []), ...(s.oneOf ?? [])]) out.push(...unboundedIn(option, where));
  const types = [s.type ?? []].flat();
  if (s.enum || s.const !== undefined) return out;
  if ((types.includes('number') || types.includes('integer')) && (s.maximum === undefined || s.minimum === undefined)) out.push(`${where}: number without minimum/maximum`);
  if (types.includes('string') && s.maxLength === undefined && !s.format) out.push(`${where}: string without maxLength`);
  if (types.includes('array')) {
    if (s.maxItems === undefined) out.push(`${where}: array without maxItems`);
    out.push(...unboundedIn(s.items, `${where}[]`));
  }
  for (const [k, v] of Object.entries(s.properties ?? {})) out.push(...unboundedIn(v, `${where}.${k}`));
  for (const v of Object.values(s.patternProperties ?? {})) out.push(...unboundedIn(v, `${where}.*`));
  return out;
}

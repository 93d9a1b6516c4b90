import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_CODE, startTestServer, type TestServer } from './support/server.ts';
import { seedDemo, seedDemoIfEmpty, type DemoAccounts } from '../src/training/demo-seed.ts';
import { DEMO_ATHLETES, DEMO_COACH, DEMO_PASSWORD } from '../src/training/domain/demo-plan.ts';

let t: TestServer;
let demo: DemoAccounts;

beforeAll(async () => {
  t = await startTestServer();
  demo = await seedDemo(t.server, { accessCode: ACCESS_CODE });
  await t.server.platform.runner.waitFor((await t.server.platform.store.headCheckpoint())!, undefined, 15_000);
});
afterAll(async () => t.close());

describe('demo data', () => {
  it('signs the demo coach in and shows four linked athletes with compliance', async () => {
    const session = await t.api('POST', '/api/auth/signin', { email: DEMO_COACH.email, password: DEMO_PASSWORD });
    expect(session.status).toBe(200);
    const clients = await t.api('GET', '/api/get-clients', undefined, session.body.accessToken);
    expect(clients.body.clients.map((c: { email: string }) => c.email).sort()).toEqual(DEMO_ATHLETES.map((a) => a.email).sort());
    const ava = clients.body.clients.find((c: { email: string }) => c.email === 'ava@demo.spotter');
    // Compliance comes from the training read models (loadCompliance): a month of logged sessions shows.
    expect(ava.compliance.d30).toBeGreaterThan(50);
    expect(ava.compliance.all).toBeGreaterThan(50);
  });

  it('makes the demo athletes athlete-only (they land on their training), and the coach both', async () => {
    const roles = async (email: string) => {
      const session = await t.api('POST', '/api/auth/signin', { email, password: DEMO_PASSWORD });
      expect(session.status).toBe(200);
      const { profile } = (await t.api('GET', '/api/profile', undefined, session.body.accessToken)).body;
      return { coach: profile.is_coach, athlete: profile.is_athlete, confirmed: profile.email_confirmed };
    };
    expect(await roles(DEMO_COACH.email)).toEqual({ coach: true, athlete: true, confirmed: true });
    for (const a of DEMO_ATHLETES) expect(await roles(a.email)).toEqual({ coach: false, athlete: true, confirmed: true });
  });

  it('plans seven weeks per athlete, with actuals logged live on the last past session', async () => {
    expect(demo.workouts).toBe(4 * 21);
    const coach = await t.api('POST', '/api/auth/signin', { email: DEMO_COACH.email, password: DEMO_PASSWORD });
    const athlete = demo.athletes[0];
    const list = await t.api('GET', `/api/manage-workouts?clientId=${athlete.id}`, undefined, coach.body.accessToken);
    expect(list.body.workouts).toHaveLength(21);
    const statuses = new Set(list.body.workouts.map((w: { status: string }) => w.status));
    expect(statuses.has('completed') || statuses.has('partial')).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    const lastPast = list.body.workouts.filter((w: { date: string }) => w.date < today).at(-1);
    const history = await t.api('GET', `/api/manage-workouts/${lastPast.id}/history`, undefined, coach.body.accessToken);
    expect(history.body.history.some((h: { type: string; user_id: string }) => h.type === 'SetActualRecorded' && h.user_id === athlete.id)).toBe(true);
  });

  it('seeds an empty database only', async () => {
    const deps = {
      pool: t.server.platform.pool,
      store: t.server.platform.store,
      runner: t.server.platform.runner,
      auth: t.server.auth,
      now: () => new Date(),
      config: { signupAccessCode: ACCESS_CODE, appUrl: t.url },
    };
    expect(await seedDemoIfEmpty(deps, () => {})).toBeNull();
  });
});

/**
 * The authorisation matrix: every registered /api route × every caller (anonymous,
 * the tenant's own coach and athlete, another coach and another athlete) against the
 * OWN tenant's objects, with the expected status in one table (tests/authz/rows).
 * A route without a row, or a row for a route that does not exist, fails the test.
 * No request answered with a 4xx may append an event.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/server.ts';
import { quiet } from './support/coaching.ts';
import { registeredRoutes } from '../src/platform/routes.ts';
import { createWorld, type MatrixWorld } from './authz/world.ts';
import { CALLERS, type AuthzRow } from './authz/types.ts';

const modules = import.meta.glob<{ rows: AuthzRow[] }>('./authz/rows/*.ts', { eager: true });
const rows: (AuthzRow & { file: string })[] = Object.entries(modules).flatMap(([file, m]) => m.rows.map((r) => ({ ...r, file: file.replace('./authz/rows/', '') })));

let t: TestServer;
let w: MatrixWorld;
const figures = { routes: 0, cells: 0, mismatches: 0, rejected: 0, writesOnRejected: 0 };

const eventCount = async () => Number((await t.db.pool.query('SELECT count(*)::int AS n FROM es_events')).rows[0].n);

beforeAll(async () => {
  t = await startTestServer();
  w = await createWorld(t);
}, 180_000);

afterAll(async () => {
  // The suite's own figures (see tests/README.md).
  console.log(
    `authz matrix: ${figures.routes} routes × ${CALLERS.length} callers = ${figures.cells} cells checked, ` +
      `${figures.mismatches} mismatches, ${figures.rejected} rejected requests, ${figures.writesOnRejected} of them appended events`,
  );
  await t?.close();
});

describe('authorisation matrix', () => {
  it('has exactly one row for every registered route', () => {
    const registered = registeredRoutes(t.server.app).map((r) => `${r.method.toUpperCase()} ${r.url}`);
    const named = rows.map((r) => r.route);
    const withoutRow = [...new Set(registered)].filter((r) => !named.includes(r));
    const withoutRoute = named.filter((r) => !registered.includes(r));
    const twice = named.filter((r, i) => named.indexOf(r) !== i);
    expect({ withoutRow, withoutRoute, twice }).toEqual({ withoutRow: [], withoutRoute: [], twice: [] });
    figures.routes = new Set(named).size;
  });

  it.each(rows.map((r) => [r.route, r] as const))(
    '%s',
    async (_name, row) => {
      const [method, path] = row.route.split(' ') as [string, string];
      const problems: string[] = [];
      for (const caller of CALLERS) {
        const req = await row.request(w);
        expect(req.url.split('?')[0], `${row.file}: the url must be the route's path`).toMatch(new RegExp(`^${path.replace(/:\w+/g, '[^/]+')}$`));
        await quiet(t);
        const before = await eventCount();
        const res = await w.call(caller, method, req.url, req.body, req.headers);
        figures.cells++;
        const allowed = [row.expect[caller]].flat();
        if (!allowed.includes(res.status)) {
          figures.mismatches++;
          problems.push(`${caller}: expected ${allowed.join(' or ')}, got ${res.status} ${JSON.stringify(res.json).slice(0, 200)}`);
        }
        if (res.status >= 400 && res.status < 500) {
          figures.rejected++;
          await quiet(t);
          const appended = (await eventCount()) - before;
          if (appended > 0) {
            figures.writesOnRejected++;
            problems.push(`${caller}: answered ${res.status} but appended ${appended} event(s)`);
          }
        }
        await w.ensureSessions();
      }
      expect(problems, `${row.route} (${row.file})`).toEqual([]);
    },
    180_000,
  );
});

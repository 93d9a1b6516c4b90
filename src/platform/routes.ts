/** Health, the OpenAPI document and the realtime socket. */
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { EventStore } from './eventstore/port.ts';
import type { ProjectionRunner } from './projections/runner.ts';
import type { RealtimeHub } from './realtime/hub.ts';
import type { Authenticator } from './http/auth-hook.ts';
import { Type } from '@sinclair/typebox';
import { isOperator } from './http/operator.ts';
import { Nullable, StringEnum } from './http/response-schemas.ts';
import { RETRY_AFTER_SECONDS } from './db/unavailable.ts';

/** Error texts are the operator's only (X-Operator-Key); everyone else reads "failed (details for operators only)". */
const HealthOut = Type.Object({
  status: StringEnum(['ok', 'degraded', 'database unavailable'] as const, {
    description: 'degraded (and status 503) when the store or a projection fails; database unavailable (503, Retry-After) while the database cannot be reached',
  }),
  database: Type.Object({ ok: Type.Boolean(), latencyMs: Type.Optional(Type.Integer()), error: Type.Optional(Type.String()) }),
  eventStore: Type.Object({
    ok: Type.Boolean(),
    kind: StringEnum(['postgres', 'eventstoredb'] as const),
    head: Type.Optional(Nullable(Type.String({ description: 'The last checkpoint in the store.' }))),
    error: Type.Optional(Type.String()),
  }),
  realtime: Type.Object({ connections: Type.Integer() }),
  parkedEvents: Type.Integer({ description: 'Events the projections could not apply (`spotter parked`).' }),
  projections: Type.Array(
    Type.Object({
      name: Type.String(),
      version: Type.Integer(),
      generation: Type.Integer(),
      checkpoint: Nullable(Type.String()),
      owned: Type.Boolean({ description: 'Whether this process runs it.' }),
      lag: Type.Integer({ description: 'Events in the store it has not applied yet.' }),
      lastError: Nullable(Type.String()),
      parked: Type.Integer(),
      lastParkedError: Nullable(Type.String({ description: 'Why the last parked event was parked (operators only).' })),
      rebuilding: Nullable(Type.Object({ generation: Type.Integer(), checkpoint: Nullable(Type.String()) })),
    }),
  ),
});

/** The document below: its operations carry the routes' own JSON schemas, which are free-form here. */
const JsonSchema = Type.Object({}, { additionalProperties: true, description: 'A JSON schema.' });
const OpenApiOut = Type.Object({
  openapi: Type.String(),
  info: Type.Object({ title: Type.String(), version: Type.String() }),
  paths: Type.Record(
    Type.String(),
    Type.Record(
      Type.String(),
      Type.Object({
        tags: Type.Optional(Type.Array(Type.String())),
        parameters: Type.Optional(Type.Array(Type.Object({ name: Type.String(), in: StringEnum(['path', 'query'] as const), required: Type.Boolean(), schema: JsonSchema }))),
        requestBody: Type.Optional(Type.Object({ required: Type.Boolean(), content: Type.Object({ 'application/json': Type.Object({ schema: JsonSchema }) }) })),
        responses: Type.Record(
          Type.String(),
          Type.Object({ description: Type.String(), content: Type.Optional(Type.Object({ 'application/json': Type.Object({ schema: JsonSchema }) })) }),
        ),
      }),
      { description: 'method → operation' },
    ),
    { description: 'path → its operations' },
  ),
});

export function platformRoutes(
  app: FastifyInstance,
  deps: { pool: pg.Pool; store: EventStore; runner: ProjectionRunner; hub: RealtimeHub; auth: Authenticator; operatorKey: string; allowedOrigins: string[] },
) {
  app.get('/api/health', { schema: { tags: ['platform'], response: { 200: HealthOut, 503: HealthOut } } }, async (req, reply) => {
    const started = Date.now();
    let database: { ok: boolean; latencyMs?: number; error?: string };
    try {
      await deps.pool.query('SELECT 1');
      database = { ok: true, latencyMs: Date.now() - started };
    } catch (e) {
      database = { ok: false, error: (e as Error).message };
    }
    let eventStore: { ok: boolean; kind: string; head?: string | null; error?: string };
    try {
      eventStore = { ok: true, kind: deps.store.kind, head: await deps.store.headCheckpoint() };
    } catch (e) {
      eventStore = { ok: false, kind: deps.store.kind, error: (e as Error).message };
    }
    // The database may go between the two queries (a restart in progress).
    const projections = database.ok ? await deps.runner.status().catch((e: Error) => ((database = { ok: false, error: e.message }), [])) : [];
    const ok = database.ok && eventStore.ok && projections.every((p) => !p.lastError);
    if (!database.ok) void reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    const body = {
      status: ok ? 'ok' : database.ok ? 'degraded' : 'database unavailable',
      database,
      eventStore,
      realtime: { connections: deps.hub.connectionCount },
      // Parked events do not make the service unhealthy: every projection still moves
      // (a restart would not fix them); operators list and retry them with `spotter parked`.
      parkedEvents: projections.reduce((n, p) => n + p.parked, 0),
      projections,
    };
    return reply.status(ok ? 200 : 503).send(isOperator(req, deps.operatorKey) ? body : withoutErrorText(body));
  });

  // eslint-disable-next-line @typescript-eslint/require-await -- Fastify route handler: async so a throw becomes an error reply like in every other route
  app.get('/api/openapi.json', { schema: { hide: true, response: { 200: OpenApiOut } } }, async () => openApiDocument(app));

  // Browsers cannot set headers on a websocket, so the access token comes in the
  // query; the Origin check keeps other sites' pages from using a visitor's token
  // (see originAllowed).
  // Hidden: a socket, no HTTP operation (a plain GET answers 404). @fastify/websocket
  // hides it too, but in its own onRoute hook, after collectRoutes has seen the route.
  app.get<{ Querystring: { token?: string } }>('/api/realtime', { websocket: true, schema: { hide: true } }, async (socket, req) => {
    // A client may subscribe the moment the socket opens, while the token is still
    // being checked: hold those messages and hand them to the hub once it attaches.
    const early: string[] = [];
    const hold = (raw: unknown) => early.push(String(raw));
    socket.on('message', hold);
    const origin = req.headers.origin;
    if (origin && !originAllowed(origin, req.headers, deps.allowedOrigins)) return socket.close(4003, 'Origin not allowed');
    const claims = req.query.token ? await deps.auth.authenticate(req.query.token) : null;
    if (!claims) return socket.close(4001, 'Not authenticated');
    socket.off('message', hold);
    deps.hub.attach(socket, claims.sub, claims.sid, early);
  });
}

/**
 * A page of this very server may open the socket, whatever name it was reached by
 * (APP_URL, 127.0.0.1, a LAN address, a proxy's host name): its Origin's host is the
 * Host it sent (or the X-Forwarded-Host a proxy set). A page of another site has its
 * own host in Origin, and a browser lets no page choose Host or X-Forwarded-Host, so
 * it is still refused. The configured origins (APP_URL, the dev server) are allowed too.
 */
export function originAllowed(origin: string, headers: Record<string, string | string[] | undefined>, configured: readonly string[]): boolean {
  if (configured.includes(origin)) return true;
  let host: string;
  try {
    host = new URL(origin).host.toLowerCase();
  } catch {
    return false;
  }
  const own = [headers.host, headers['x-forwarded-host']].flat().flatMap((h) => (typeof h === 'string' ? h.split(',') : []));
  return own.some((h) => h.trim().toLowerCase() === host);
}

/**
 * Raw PostgreSQL and projection errors name tables, columns and values: only the
 * operator (X-Operator-Key) reads them; everyone else learns what failed, not why.
 */
function withoutErrorText<B extends { database: { error?: string }; eventStore: { error?: string }; projections: { lastError?: unknown; lastParkedError?: unknown }[] }>(
  body: B,
): B {
  const hide = (e: unknown) => (e ? 'failed (details for operators only)' : e);
  return {
    ...body,
    database: { ...body.database, ...(body.database.error ? { error: hide(body.database.error) } : {}) },
    eventStore: { ...body.eventStore, ...(body.eventStore.error ? { error: hide(body.eventStore.error) } : {}) },
    projections: body.projections.map((p) => ({ ...p, lastError: hide(p.lastError) as string | null, lastParkedError: hide(p.lastParkedError) as string | null })),
  };
}

export interface RegisteredRoute {
  method: string;
  url: string;
  schema?: Record<string, unknown>;
  hidden: boolean;
}

// Per app: a test process may build several apps, each with its own routes.
const routesByApp = new WeakMap<FastifyInstance, RegisteredRoute[]>();

export function collectRoutes(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = [];
  routesByApp.set(app, routes);
  app.addHook('onRoute', (r) => {
    if (!r.url.startsWith('/api/')) return;
    const hidden = !!r.schema?.hide;
    for (const m of [r.method].flat()) if (m !== 'HEAD') routes.push({ method: m.toLowerCase(), url: r.url, schema: r.schema as Record<string, unknown>, hidden });
  });
}

type ObjectSchema = { properties?: Record<string, unknown>; required?: string[] };

/** OpenAPI parameters from a route's params or querystring schema, each with its own schema. */
function parameters(schema: unknown, where: 'path' | 'query') {
  const s = (schema ?? {}) as ObjectSchema;
  return Object.entries(s.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (s.required ?? []).includes(name),
    schema: property,
  }));
}

/** Every /api route of an app (hidden ones included), e.g. for the authorisation matrix. */
export function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  return [...(routesByApp.get(app) ?? [])];
}

/** An OpenAPI 3 document assembled from the routes' own JSON schemas (body, params, query, responses). */
function openApiDocument(app: FastifyInstance) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of registeredRoutes(app).filter((r) => !r.hidden)) {
    const path = r.url.replace(/:(\w+)/g, '{$1}');
    const s = r.schema ?? {};
    const responses: Record<string, unknown> = {};
    for (const [code, body] of Object.entries((s.response as Record<string, unknown>) ?? { 200: {} })) {
      responses[code.replace('xx', 'XX')] = { description: code, content: { 'application/json': { schema: body } } };
    }
    // A path parameter the route declares no schema for is still a parameter (a string).
    const declared = new Set(Object.keys(((s.params ?? {}) as ObjectSchema).properties ?? {}));
    const undeclared = [...r.url.matchAll(/:(\w+)/g)].map((m) => m[1]).filter((n) => !declared.has(n));
    const params = [
      ...parameters(s.params, 'path'),
      ...undeclared.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
      ...parameters(s.querystring, 'query'),
    ];
    (paths[path] ??= {})[r.method] = {
      tags: s.tags,
      ...(params.length ? { parameters: params } : {}),
      ...(s.body ? { requestBody: { required: true, content: { 'application/json': { schema: s.body } } } } : {}),
      responses: Object.keys(responses).length ? responses : { 200: { description: 'OK' } },
    };
  }
  return { openapi: '3.0.3', info: { title: 'Spotter API', version: '0.1.0' }, paths };
}

/**
 * Builds the Fastify app on a running platform (database, store, runner). main.ts
 * only listens and shuts down; tests build the app the same way and call it.
 */
import fs from 'node:fs';
import zlib from 'node:zlib';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import fastifyStatic from '@fastify/static';
import compress from '@fastify/compress';
import type { Config } from './platform/config.ts';
import type { Platform } from './platform/start.ts';
import { installErrorHandling } from './platform/http/errors.ts';
import { installAuth } from './platform/http/auth-hook.ts';
import { installIdempotency } from './platform/http/idempotency.ts';
import { redactPaths, REDACTED, requestSerializer } from './platform/http/redact.ts';
import { newOperatorKey } from './platform/http/operator.ts';
import { installInputGuard } from './platform/http/input-guard.ts';
import { PageHtml } from './platform/http/page-preloads.ts';
import { RateLimiter } from './platform/http/rate-limit.ts';
import { AuthService } from './accounts/auth-service.ts';
import { SessionCache } from './platform/auth/sessions.ts';
import { RealtimeHub } from './platform/realtime/hub.ts';
import { MailSender } from './platform/mail/sender.ts';
import { createMailer, type Mailer } from '../emails/mailer.ts';
import { authRoutes } from './accounts/auth-routes.ts';
import { inviteLookup } from './coaching/feature.ts';
import { emailRoutes } from './email-demo/routes.ts';
import { profileRoutes } from './accounts/profile-routes.ts';
import { collectRoutes, platformRoutes } from './platform/routes.ts';
import { features } from './features.ts';
import { createMetrics, type ServerMetrics } from './platform/observability/metrics.ts';
import { installObservability } from './platform/observability/routes.ts';
import { requestIdFrom } from './platform/observability/request-context.ts';
import type { FeatureDeps } from './feature.ts';

export interface AppOptions {
  config: Config;
  platform: Platform;
  /** The clock for token lifetimes and limits; tests pass a fake one. */
  now?: () => Date;
  mailer?: Mailer;
  /** Multiplier for the per-IP/per-e-mail limits (tests sign in many times from one IP). */
  rateLimitScale?: number;
  logger?: boolean;
  /** Where request logs go when `logger` is on (default stdout); tests read them. */
  logStream?: { write(msg: string): void };
  /** How long a read-your-writes request (X-After-Checkpoint) is held at most; default 5 s. */
  readWaitMs?: number;
}

export interface SpotterApp {
  app: FastifyInstance;
  auth: AuthService;
  hub: RealtimeHub;
  sender: MailSender;
  /** Shows the local outbox and health details (X-Operator-Key); see http/operator.ts. */
  operatorKey: string;
  sessionCache: SessionCache;
  metrics: ServerMetrics;
  close(): Promise<void>;
}

/** A random secret made on first use and kept, so every server process shares it. */
async function platformSecret(pool: Platform['pool'], name: string): Promise<string> {
  await pool.query('INSERT INTO platform_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [name, randomBytes(32).toString('base64url')]);
  const { rows } = await pool.query<{ value: string }>('SELECT value FROM platform_secrets WHERE name = $1', [name]);
  return rows[0].value;
}

export async function buildApp(opts: AppOptions): Promise<SpotterApp> {
  const { config, platform } = opts;
  const now = opts.now ?? (() => new Date());
  const operatorKey = config.operatorKey ?? newOperatorKey();
  const app = Fastify({
    logger: opts.logger
      ? { level: 'info', serializers: { req: requestSerializer }, redact: { paths: redactPaths, censor: REDACTED }, ...(opts.logStream ? { stream: opts.logStream } : {}) }
      : false,
    // A hop count trusts that many proxies nearest to the server.
    trustProxy: typeof config.trustProxy === 'number' ? (_addr: string, hop: number) => hop < (config.trustProxy as number) : config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A proxy's X-Request-ID (HAProxy sets one, deploy/haproxy.cfg) when sane, else a fresh UUID;
    // logged as reqId and stored in the metadata of the events the request appends (requestId).
    genReqId: (req) => requestIdFrom(req.headers['x-request-id']),
    // Strict validation: unknown fields and wrong types are refused, never coerced away.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, useDefaults: true, allErrors: false } },
  });
  collectRoutes(app);
  installErrorHandling(app, platform.pool);
  // API answers above 1 KB go compressed; built assets already are (see below), and
  // the plugin leaves a response alone once it carries a Content-Encoding.
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'], brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } } });
  installInputGuard(app);

  const secret = config.authSecret ?? (await platformSecret(platform.pool, 'auth-signing-key'));
  const sessionCache = new SessionCache(platform.databaseUrl);
  await sessionCache.start();
  const auth = new AuthService({ pool: platform.pool, store: platform.store, secret, accessCode: config.signupAccessCode, now, sessionCache });
  const limiter = new RateLimiter(platform.pool, now, opts.rateLimitScale ?? 1);
  const mailer = opts.mailer ?? createMailer({ smtpUrl: config.smtpUrl ?? undefined, outboxDir: config.outboxDir, from: config.mailFrom });
  const sender = new MailSender(platform.pool, mailer, { now, log: (m) => app.log.warn(m) });
  const hub = new RealtimeHub(platform.databaseUrl, platform.pool);
  const metrics = createMetrics({ pool: platform.pool, runner: platform.runner, websocketConnections: () => hub.connectionCount, poolMax: platform.pool.options.max ?? 10 });
  installObservability(app, { metrics, pool: platform.pool, store: platform.store, operatorKey });

  installAuth(app, auth);
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  installIdempotency(app, platform.pool, platform.store);

  // Read-your-writes: a query may name the checkpoint a command returned and is
  // answered once the read models have caught up with it. Holding a request costs the
  // server, so only signed-in callers may wait, at most WAITS_PER_USER at a time, and
  // only for a checkpoint the store has reached; otherwise the query is answered at
  // once (the realtime notification brings the rest).
  const WAITS_PER_USER = 5;
  const waiting = new Map<string, number>();
  app.addHook('preHandler', async (req) => {
    const after = req.headers['x-after-checkpoint'];
    if (req.method !== 'GET' || typeof after !== 'string' || !/^\d{20}:\d{20}$/.test(after) || !req.user) return;
    // Read models only: a reactor (mail) has nothing a query reads.
    const readModels = platform.runner
      .projections()
      .filter((p) => !p.reactor)
      .map((p) => p.name);
    if (platform.runner.hasApplied(after, readModels)) return;
    const userId = req.user.sub;
    const held = waiting.get(userId) ?? 0;
    if (held >= WAITS_PER_USER) return;
    waiting.set(userId, held + 1);
    try {
      const head = await platform.store.headCheckpoint();
      if (!head || after > head) return;
      await platform.runner.waitFor(after, readModels, opts.readWaitMs ?? 5000).catch(() => {});
    } finally {
      const left = (waiting.get(userId) ?? 1) - 1;
      if (left > 0) waiting.set(userId, left);
      else waiting.delete(userId);
    }
  });

  authRoutes(app, { auth, limiter, findInvite: inviteLookup(platform.pool, now) });
  profileRoutes(app, { pool: platform.pool, store: platform.store, now });
  emailRoutes(app, { pool: platform.pool, sender, outboxDir: config.smtpUrl ? null : config.outboxDir, appUrl: config.appUrl, operatorKey, now });
  platformRoutes(app, {
    pool: platform.pool,
    store: platform.store,
    runner: platform.runner,
    hub,
    auth,
    operatorKey,
    allowedOrigins: [config.appUrl, new URL(config.appUrl).origin, 'http://localhost:5173'],
  });

  const featureDeps: FeatureDeps = { config, pool: platform.pool, store: platform.store, runner: platform.runner, auth, now };
  const stopFeatures: (() => void)[] = [];
  for (const f of features) {
    await f.routes?.(app, featureDeps);
    const stop = await f.start?.(featureDeps);
    if (stop) stopFeatures.push(stop);
  }

  const serveWeb = fs.existsSync(config.webDistDir);
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      wildcard: false,
      // The build writes .br and .gz next to each asset (web/build/precompress.ts).
      preCompressed: true,
      // Cache-Control is ours (below), not the plugin's default max-age=0.
      cacheControl: false,
      setHeaders(res, filePath) {
        // File names under assets/ carry a content hash: a new build means a new URL.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        // index.html names the current hashes, and the service worker and the app manifest
        // are how an installed app learns of a new version: the browser asks every time.
        else if (/(^|[\\/])(index\.html|sw\.js|manifest\.webmanifest)(\.br|\.gz)?$/.test(filePath)) res.setHeader('Cache-Control', 'no-cache');
        else res.setHeader('Cache-Control', 'public, max-age=0');
      },
    });
  }
  const pages = new PageHtml(config.webDistDir);
  app.setNotFoundHandler((req, reply) => {
    // Client-side routes (/clients, /calendar/…) all load the one page.
    if (serveWeb && req.method === 'GET' && !req.url.startsWith('/api/')) {
      const html = pages.htmlFor(req.url.split('?')[0]);
      if (!html) return reply.sendFile('index.html');
      return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(html);
    }
    return reply.status(404).send({ error: `No route ${req.method} ${req.url.split('?')[0]}` });
  });

  await hub.start();
  await sender.start();
  return {
    app,
    auth,
    hub,
    sender,
    operatorKey,
    sessionCache,
    metrics,
    async close() {
      for (const stop of stopFeatures) stop();
      await hub.stop();
      await app.close();
      await sender.stop();
      await mailer.close();
      await sessionCache.stop();
    },
  };
}

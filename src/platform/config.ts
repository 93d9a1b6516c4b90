/**
 * The one place that reads the environment. Everything else receives a Config.
 */
import path from 'node:path';
import os from 'node:os';
import { parseRecapSchedule, type RecapSchedule } from '../kernel/recap-schedule.ts';
import { projectRootOf } from './project-root.ts';

export interface Config {
  port: number;
  host: string;
  /** Public origin used in e-mail links and to check websocket Origin headers. */
  appUrl: string;
  databaseUrl: string | null;
  /** Folder of the embedded PostgreSQL when no DATABASE_URL is given. */
  embeddedDataDir: string;
  /** True when SPOTTER_DATA_DIR chose the folder (the CLI then never looks elsewhere). */
  embeddedDataDirExplicit: boolean;
  /**
   * Where a process that runs this checkout's embedded PostgreSQL notes its data folder,
   * so that the CLI finds the running server even when it was given SPOTTER_DATA_DIR.
   */
  embeddedPointerFile: string;
  eventstoreUrl: string | null;
  smtpUrl: string | null;
  /**
   * The sender of every mail (MAIL_FROM_NAME, default "Spotter"; MAIL_FROM, default
   * no-reply@spotter.app). Mails a coach causes (invitations, assignments) show
   * "<coach's name> via <MAIL_FROM_NAME>" with the same address.
   */
  mailFrom: { name: string; address: string };
  outboxDir: string;
  signupAccessCode: string;
  /** HMAC secret for access tokens; null means one generated once and kept in the database. */
  authSecret: string | null;
  webDistDir: string;
  /**
   * Fastify's `trustProxy` (TRUST_PROXY): false by default, so a client cannot pick
   * its own IP with X-Forwarded-For. Behind a reverse proxy set it, or every user
   * shares the proxy's IP and thus one rate-limit bucket: `true` (trust every hop),
   * a hop count (`1`), or addresses/CIDRs of the proxies (`10.0.0.1,10.0.0.0/8`).
   */
  trustProxy: boolean | number | string;
  /**
   * The operator key (SPOTTER_OPERATOR_KEY): sent as `X-Operator-Key` (or `?key=` on
   * /email-demo) it shows the local outbox and health error details. Unset: a random
   * key made at each start and printed in the console.
   */
  operatorKey: string | null;
  /** When the server sends weekly recaps by itself (`RECAP_SCHEDULE`), in each athlete's zone; null = off. */
  recapSchedule: RecapSchedule | null;
  /**
   * Seed demo data into an empty database at start (`SPOTTER_DEMO`, default on; never
   * under the test runner, where each test file starts from an empty database of its own).
   */
  demoData: boolean;
  /** Log every request (`LOG_REQUESTS=1`). */
  logRequests: boolean;
  /** Where the server runs its projections and reactors (SPOTTER_PROJECTIONS): their own thread (default) or `in-process`. */
  projections: 'thread' | 'in-process';
  /**
   * How long Ctrl-C (or SIGTERM) lets the server close gracefully before it stops the
   * database regardless and exits 1 (SPOTTER_STOP_GRACE_MS, default 4000: the whole stop
   * stays within 5 s). Tests that check a clean stop rather than a quick one give more.
   */
  stopGraceMs: number;
  /**
   * Test-only (`WEBHOOKS_ALLOW_LOOPBACK=1`, never on by default): webhook endpoints may
   * be plain http on loopback, so tests deliver to a receiver on this machine. Private
   * and link-local addresses stay refused.
   */
  webhooksAllowLoopback: boolean;
  /**
   * Test-only (`PUSH_ALLOW_LOOPBACK=1`, never on by default): Web Push endpoints may be
   * plain http on loopback, so tests play the push service on this machine.
   */
  pushAllowLoopback: boolean;
  /**
   * Who the push services may contact about this server's pushes (`PUSH_SUBJECT`, the
   * VAPID `sub` claim: a mailto: or https: URL). Default: APP_URL when it is https.
   */
  pushSubject: string;
  /**
   * A workout comment still unread this long after it was posted is e-mailed to its
   * reader, batched per reader (`COMMENT_UNREAD_MAIL_AFTER_MINUTES`, default 180;
   * fractions allowed, so tests can wait seconds).
   */
  commentUnreadMailAfterMinutes: number;
  /** How long kept data stays whole before only its outline remains (README, "Retention"). */
  retention: RetentionPeriods;
}

export interface RetentionPeriods {
  /** MAIL_BODY_RETENTION_DAYS (default 30): a sent or failed mail's subject, body and Message-ID; then only its envelope. */
  mailBodyDays: number;
  /** WEBHOOK_RESPONSE_RETENTION_DAYS (default 30): the start of a webhook receiver's answer; then only its status code. */
  webhookResponseDays: number;
}

/** A retention period in whole days: at least one (a sweep never takes what was just sent), at most ten years. */
export function daysFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value.trim());
  if (!Number.isInteger(n) || n < 1 || n > 3650) throw new Error(`${name} must be a whole number of days from 1 to 3650, got "${value}"`);
  return n;
}

const projectRoot = projectRootOf(import.meta.url);

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`${name} must be a port number, got "${value}"`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = intFrom(env.PORT, 3000, 'PORT');
  const host = env.HOST ?? '0.0.0.0';
  const appUrl = (env.APP_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  try {
    new URL(appUrl);
  } catch {
    throw new Error(`APP_URL is not a valid URL: "${appUrl}"`);
  }
  return {
    port,
    host,
    appUrl,
    databaseUrl: env.DATABASE_URL || null,
    // Under the system temp dir by default: the embedded server runs as an unprivileged
    // user that cannot enter /root, where a checkout often lives.
    embeddedDataDir: env.SPOTTER_DATA_DIR ?? path.join(os.tmpdir(), 'spotter-data', hashPath(projectRoot)),
    embeddedDataDirExplicit: !!env.SPOTTER_DATA_DIR,
    embeddedPointerFile: path.join(os.tmpdir(), 'spotter-data', `${hashPath(projectRoot)}.running.json`),
    eventstoreUrl: env.EVENTSTORE_URL || null,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: mailFromOf(env),
    outboxDir: env.OUTBOX_DIR ?? path.join(projectRoot, 'outbox'),
    signupAccessCode: (env.SIGNUP_ACCESS_CODE ?? 'SPOTTER-COACH').trim(),
    authSecret: env.AUTH_SECRET || null,
    webDistDir: path.join(projectRoot, 'web', 'dist'),
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    operatorKey: env.SPOTTER_OPERATOR_KEY?.trim() || null,
    // Off under the test runner: a test file's clock must not send mail on its own.
    recapSchedule: parseRecapSchedule(env.RECAP_SCHEDULE ?? (env.VITEST ? 'off' : 'mon 08:00')),
    // The test runner is asked of the process itself: tests pass their own env here.
    demoData: env.SPOTTER_DEMO !== undefined ? env.SPOTTER_DEMO !== '0' : !process.env.VITEST,
    logRequests: env.LOG_REQUESTS === '1',
    projections: env.SPOTTER_PROJECTIONS === 'in-process' ? 'in-process' : 'thread',
    stopGraceMs: stopGraceFrom(env.SPOTTER_STOP_GRACE_MS),
    webhooksAllowLoopback: env.WEBHOOKS_ALLOW_LOOPBACK === '1',
    pushAllowLoopback: env.PUSH_ALLOW_LOOPBACK === '1',
    pushSubject: pushSubjectFrom(env.PUSH_SUBJECT, appUrl),
    commentUnreadMailAfterMinutes: minutesFrom(env.COMMENT_UNREAD_MAIL_AFTER_MINUTES, 180, 'COMMENT_UNREAD_MAIL_AFTER_MINUTES'),
    retention: {
      mailBodyDays: daysFrom(env.MAIL_BODY_RETENTION_DAYS, 30, 'MAIL_BODY_RETENTION_DAYS'),
      webhookResponseDays: daysFrom(env.WEBHOOK_RESPONSE_RETENTION_DAYS, 30, 'WEBHOOK_RESPONSE_RETENTION_DAYS'),
    },
  };
}

function pushSubjectFrom(value: string | undefined, appUrl: string): string {
  const v = value?.trim();
  if (v) {
    if (!/^(mailto:\S+@\S+|https:\/\/\S+)$/.test(v)) throw new Error(`PUSH_SUBJECT must be a mailto: or https: URL, got "${v}"`);
    return v;
  }
  return appUrl.startsWith('https://') ? appUrl : 'mailto:push@spotter.invalid';
}

/** A number of minutes between 0 and 30 days, fractions allowed. */
function stopGraceFrom(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 4000;
  const n = Number(value.trim());
  if (!Number.isInteger(n) || n < 1000 || n > 120_000) throw new Error(`SPOTTER_STOP_GRACE_MS must be a whole number of milliseconds from 1000 to 120000, got "${value}"`);
  return n;
}

function minutesFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || n > 30 * 24 * 60) throw new Error(`${name} must be a number of minutes from 0 to 43200, got "${value}"`);
  return n;
}

const MAIL_FROM_NAME_MAX = 64;

function mailFromOf(env: NodeJS.ProcessEnv): Config['mailFrom'] {
  const name = (env.MAIL_FROM_NAME ?? 'Spotter').trim();
  const address = (env.MAIL_FROM ?? 'no-reply@spotter.app').trim();
  // A header value: no line breaks, quotes or angle brackets, and a bounded length.
  if (name === '' || name.length > MAIL_FROM_NAME_MAX || /[\r\n"<>\p{Cc}]/u.test(name))
    throw new Error(`MAIL_FROM_NAME must be 1 to ${MAIL_FROM_NAME_MAX} characters without quotes, angle brackets or line breaks`);
  if (!/^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(address) || address.length > 254) throw new Error(`MAIL_FROM is not an e-mail address: "${address}"`);
  return { name, address };
}

export function trustProxyFrom(value: string | undefined): boolean | number | string {
  const v = (value ?? '').trim();
  if (v === '' || v === '0' || v.toLowerCase() === 'false') return false;
  if (v.toLowerCase() === 'true') return true;
  if (/^\d{1,2}$/.test(v)) return Number(v);
  if (!/^[0-9a-fA-F:./,\s]+$/.test(v)) throw new Error(`TRUST_PROXY must be true, false, a hop count or proxy addresses/CIDRs, got "${v}"`);
  return v;
}

/** Short stable name so two checkouts on one machine keep separate embedded databases. */
function hashPath(p: string): string {
  let h = 0;
  for (const ch of p) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return (h >>> 0).toString(36);
}

export { projectRoot };

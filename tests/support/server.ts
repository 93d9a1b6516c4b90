/**
 * A real Spotter server for a test file: its own database on the run's PostgreSQL,
 * its own outbox folder, a random port, and optionally a fake clock.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/platform/config.ts';
import { startServer, type RunningServer } from '../../src/server.ts';
import { forgetOutbox, outboxMails } from './outbox.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';

export const ACCESS_CODE = 'TEST-CODE';

export interface TestServer {
  server: RunningServer;
  db: TestDatabase;
  url: string;
  outboxDir: string;
  api<T = any>(method: string, path: string, body?: unknown, token?: string, headers?: Record<string, string>): Promise<{ status: number; body: T }>;
  /** Waits for a mail to `to` whose text matches, and returns the first link that matches `linkPattern`. */
  mailLink(to: string, linkPattern: RegExp, after?: number): Promise<string>;
  close(): Promise<void>;
}

export async function startTestServer(
  opts: {
    now?: () => Date;
    /**
     * Where the projections run. The server's default is their own thread; tests run them
     * in-process unless they say otherwise, because a thread loads every module again
     * (≈ 2 s of CPU per server, 15–20 % of a test file's time measured on three files), and
     * the files that need the thread's path ask for it (projection-thread, realtime,
     * templates-api, read-your-writes-waits).
     */
    projections?: 'thread' | 'in-process';
    rateLimitScale?: number;
    smtpUrl?: string;
    env?: Record<string, string>;
    logStream?: { write(msg: string): void };
    webDistDir?: string;
    readWaitMs?: number;
    /** The projection thread's coalescing pause (startServer's coalesceMs). */
    coalesceMs?: number;
  } = {},
): Promise<TestServer> {
  const db = await createTestDatabase({ installed: true });
  const outboxDir = await fs.mkdtemp(path.join(os.tmpdir(), 'spotter-outbox-'));
  const config = {
    ...loadConfig({ PORT: '0', HOST: '127.0.0.1', SIGNUP_ACCESS_CODE: ACCESS_CODE, OUTBOX_DIR: outboxDir, ...(opts.smtpUrl ? { SMTP_URL: opts.smtpUrl } : {}), ...opts.env }),
    databaseUrl: db.url,
    ...(opts.webDistDir ? { webDistDir: opts.webDistDir } : {}),
  };
  // The server's own log stays quiet unless a test fails for want of a mail (mailLink).
  const recentLog: string[] = [];
  const server = await startServer(config, {
    projections: opts.projections ?? 'in-process',
    now: opts.now,
    rateLimitScale: opts.rateLimitScale ?? 100,
    log: (m) => {
      recentLog.push(m);
      if (recentLog.length > 30) recentLog.shift();
    },
    ...(opts.logStream ? { logger: true, logStream: opts.logStream } : {}),
    ...(opts.readWaitMs ? { readWaitMs: opts.readWaitMs } : {}),
    ...(opts.coalesceMs !== undefined ? { coalesceMs: opts.coalesceMs } : {}),
  });
  // The links in mails must point at the port this server really got.
  const url = server.url;
  return {
    server,
    db,
    url,
    outboxDir,
    async api(method, p, body, token, headers = {}) {
      const res = await fetch(url + p, {
        method,
        headers: {
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
      const text = await res.text();
      let parsed: any = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // Not JSON: keep the text.
      }
      return { status: res.status, body: parsed };
    },
    async mailLink(to, linkPattern, after = 0) {
      // Waits for the mail, not for a time limit: the minute is only there to end a test
      // whose mail never comes (a CI machine running both suites once took over 20 s).
      for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
        const mails = (await outboxMails(outboxDir)).filter((m) => m.to === to && Date.parse(m.sentAt) >= after);
        for (const m of mails) {
          const found = (m.text ?? m.html).match(linkPattern);
          if (found) return found[0];
        }
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error(`No mail to ${to} with ${linkPattern}\n${await mailDiagnosis(server, db, to, recentLog)}`);
    },
    async close() {
      await server.close();
      await db.drop();
      await fs.rm(outboxDir, { recursive: true, force: true });
      forgetOutbox(outboxDir);
    },
  };
}

/** Where a missing mail got to: its outbox rows, the mail reactor's state and the server's last log lines. */
async function mailDiagnosis(server: RunningServer, db: TestDatabase, to: string, recentLog: string[]): Promise<string> {
  const { rows } = await db.pool.query('SELECT kind, status, attempts, error, created_at, sent_at FROM email_outbox WHERE recipient = $1', [to.toLowerCase()]);
  const reactor = (await server.platform.runner.status()).find((p) => p.name === 'mail_reactor');
  return [`outbox rows: ${JSON.stringify(rows)}`, `mail reactor: ${JSON.stringify(reactor)}`, 'server log:', ...recentLog].join('\n');
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}.${Date.now().toString(36)}.${counter++}@example.com`;
}

/** Signs a user up, confirms through the mailed link and signs in. */
export async function signedInUser(t: TestServer, fullName = 'Test Coach') {
  const email = uniqueEmail();
  const password = 'correct horse battery';
  const signup = await t.api('POST', '/api/auth/signup', { fullName, email, password, accessCode: ACCESS_CODE });
  if (signup.status !== 201) throw new Error(`signup failed: ${JSON.stringify(signup.body)}`);
  const link = await t.mailLink(email, /\/confirm\?token=[\w-]+/);
  const token = link.split('token=')[1];
  const confirmed = await t.api('GET', `/api/confirm-email?token=${token}`);
  if (confirmed.status !== 200) throw new Error(`confirm failed: ${JSON.stringify(confirmed.body)}`);
  const session = await t.api('POST', '/api/auth/signin', { email, password });
  if (session.status !== 200) throw new Error(`signin failed: ${JSON.stringify(session.body)}`);
  return { email, password, ...session.body } as {
    email: string;
    password: string;
    accessToken: string;
    refreshToken: string;
    expiresAt: number;
    user: { id: string; email: string; fullName: string };
  };
}

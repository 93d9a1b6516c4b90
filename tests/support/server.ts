/**
 * A real Spotter server for a test file: its own database on the run's PostgreSQL,
 * its own outbox folder, a random port, and optionally a fake clock.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/platform/config.ts';
import { startServer, type RunningServer } from '../../src/server.ts';
import { listOutbox } from '../../emails/mailer.ts';
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
  opts: { now?: () => Date; rateLimitScale?: number; smtpUrl?: string; env?: Record<string, string>; logStream?: { write(msg: string): void }; webDistDir?: string } = {},
): Promise<TestServer> {
  const db = await createTestDatabase();
  const outboxDir = await fs.mkdtemp(path.join(os.tmpdir(), 'spotter-outbox-'));
  const config = {
    ...loadConfig({ PORT: '0', HOST: '127.0.0.1', SIGNUP_ACCESS_CODE: ACCESS_CODE, OUTBOX_DIR: outboxDir, ...(opts.smtpUrl ? { SMTP_URL: opts.smtpUrl } : {}), ...opts.env }),
    databaseUrl: db.url,
    ...(opts.webDistDir ? { webDistDir: opts.webDistDir } : {}),
  };
  const server = await startServer(config, {
    now: opts.now,
    rateLimitScale: opts.rateLimitScale ?? 100,
    log: () => {},
    ...(opts.logStream ? { logger: true, logStream: opts.logStream } : {}),
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
      // Waits for the mail, not for a time limit: 20 s is only there to end a test whose mail never comes.
      for (const deadline = Date.now() + 20_000; Date.now() < deadline;) {
        const mails = (await listOutbox(outboxDir, 500)).filter((m) => m.to === to && Date.parse(m.sentAt) >= after);
        for (const m of mails) {
          const found = (m.text ?? m.html).match(linkPattern);
          if (found) return found[0];
        }
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error(`No mail to ${to} with ${linkPattern}`);
    },
    async close() {
      await server.close();
      await db.drop();
      await fs.rm(outboxDir, { recursive: true, force: true });
    },
  };
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

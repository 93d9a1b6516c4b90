/**
 * A real Spotter server as a child process (`tsx src/main.ts`), for what only a
 * process shows: SIGKILL, Ctrl-C, a restart on the same data.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../../src/platform/db/embedded.ts';
import { outboxMails } from './outbox.ts';
import type { TestServer } from './server.ts';

const root = path.resolve(import.meta.dirname, '..', '..');

export interface ServerProcess {
  proc: ChildProcess;
  url: string;
  output(): string;
  /** Resolves with the exit code (or signal name) once the process has ended. */
  exited: Promise<number | string>;
  /** Waits until the output matches. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<void>;
}

/**
 * `port`: a restart that must keep its address (a browser's open page, its service worker).
 * `detached`: the server leads a process group of its own, as `npm start` in a terminal
 * does: Ctrl-C there is SIGINT to the whole group (`process.kill(-pid, 'SIGINT')`).
 */
export async function spawnServer(env: Record<string, string>, { port = 0, detached = false }: { port?: number; detached?: boolean } = {}): Promise<ServerProcess> {
  port ||= await freePort();
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  // Projections in-process unless a test asks for the thread (SPOTTER_PROJECTIONS): see startTestServer.
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: root,
    env: { ...inherited, PORT: String(port), HOST: '127.0.0.1', APP_URL: `http://127.0.0.1:${port}`, RECAP_SCHEDULE: 'off', SPOTTER_PROJECTIONS: 'in-process', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached,
  });
  let out = '';
  proc.stdout.on('data', (d) => (out += d));
  proc.stderr.on('data', (d) => (out += d));
  const exited = new Promise<number | string>((resolve) => proc.on('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  const server: ServerProcess = {
    proc,
    url: `http://127.0.0.1:${port}`,
    output: () => out,
    exited,
    async waitFor(pattern, timeoutMs = 90_000) {
      const end = Date.now() + timeoutMs;
      let done = false;
      void exited.then(() => (done = true));
      while (!pattern.test(out)) {
        if (done) throw new Error(`server exited before ${pattern}:\n${out}`);
        if (Date.now() > end) throw new Error(`server never printed ${pattern}:\n${out}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  };
  return server;
}

/** Just enough of a TestServer for the sign-up helper, against the child process. */
export function processClient(server: ServerProcess, outboxDir: string): TestServer {
  return {
    url: server.url,
    outboxDir,
    async api(method: string, p: string, body?: unknown, token?: string) {
      const res = await fetch(server.url + p, {
        method,
        headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null };
    },
    async mailLink(to: string, pattern: RegExp) {
      for (let i = 0; i < 400; i++) {
        for (const m of (await outboxMails(outboxDir)).filter((m) => m.to === to)) {
          const found = (m.text ?? m.html).match(pattern);
          if (found) return found[0];
        }
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error(`no mail to ${to}`);
    },
  } as unknown as TestServer;
}

/**
 * HAProxy (Debian's `haproxy` package, installed by .ci/run) in front of test servers,
 * with deploy/haproxy.cfg filled in with loopback ports. A missing haproxy fails the
 * test that needs it, with the command that installs it: never a silent skip.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');

export interface Balancer {
  url: string;
  proc: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

export function haproxyBinary(): string {
  for (const candidate of ['/usr/sbin/haproxy', 'haproxy']) {
    if (spawnSync(candidate, ['-v'], { stdio: 'ignore' }).status === 0) return candidate;
  }
  throw new Error('HAProxy is not installed, and the cluster test needs a real load balancer: run `apt-get install -y haproxy` (.ci/run does this on CI)');
}

export async function startBalancer(port: number, servers: { name: string; url: string }[]): Promise<Balancer> {
  const binary = haproxyBinary();
  const template = await fs.readFile(path.join(root, 'deploy', 'haproxy.cfg'), 'utf8');
  const lines = servers.map((s) => `    server ${s.name} ${new URL(s.url).host} check`).join('\n');
  // The placeholder lines only (the template's comments name them too).
  const config = template.replace(/^(\s*bind )\{\{BIND\}\}$/m, `$1127.0.0.1:${port}`).replace(/^\{\{SERVERS\}\}$/m, lines);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'spotter-haproxy-'));
  const file = path.join(dir, 'haproxy.cfg');
  await fs.writeFile(file, config);
  // -db: stay in the foreground, so the test owns the process and its end.
  const proc = spawn(binary, ['-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  proc.stdout.on('data', (d) => (out += d));
  proc.stderr.on('data', (d) => (out += d));
  const exited = new Promise<void>((resolve) => proc.on('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  // Up once it answers through to a server.
  for (let i = 0; ; i++) {
    if (proc.exitCode !== null) throw new Error(`haproxy exited:\n${out}`);
    const ok = await fetch(`${url}/api/health/live`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (i > 300) throw new Error(`haproxy never answered:\n${out}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    proc,
    output: () => out,
    async stop() {
      proc.kill('SIGTERM');
      await exited;
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

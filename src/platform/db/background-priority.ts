/**
 * Background work (a projection rebuild) should not take the CPU from live commands.
 * PostgreSQL has no priority of its own, but a backend is an operating-system
 * process: when the database runs on this machine (the embedded default), the
 * connection a rebuild writes through can be given a lower CPU priority (nice), so
 * the scheduler serves the backends of live commands first (issue 28: commands
 * answered 5 times slower while a rebuild's backend held a core).
 *
 * Nice alone leaves a rebuild too much: at nice 10 the scheduler still gives it about
 * a tenth of a core beside each live task, and a live task that wakes may wait behind
 * it. On Linux the rebuild also asks for SCHED_IDLE (through `chrt`, util-linux: Node
 * has no call for it), under which it runs only on CPU time nothing else wants. On
 * a kept store of the scale bench (issue 28, bench/README.md), 200 commands/s while
 * every read model was rebuilt, three runs each, alternating: command → websocket p50
 * 45–55 ms at nice 10 and 27–35 ms with SCHED_IDLE, p99 191–231 and 143–229 ms (with
 * no rebuild 13 and 41–43 ms). Where `chrt` is missing or refused, nice is what remains.
 * The price: on a server whose live work kept both cores busy without a break, a
 * rebuild would advance only in the gaps (SCHED_IDLE weighs 3 against nice 0's 1,024).
 *
 * A backend's pid is only meaningful on the database's own machine. Before touching
 * a process, this checks that it is a PostgreSQL backend of this very server: its
 * command line starts with `postgres:` and its working directory is the server's data
 * directory (PostgreSQL runs in it). Anywhere else (a remote database, another
 * container, a role that may not read `data_directory`, no permission) it does nothing.
 */
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import { readlinkSync } from 'node:fs';
import os from 'node:os';
import { promisify } from 'node:util';
import type pg from 'pg';

const run = promisify(execFile);
/** `chrt` arguments that move `pid` (every thread of it with `allThreads`) to SCHED_IDLE. */
const idleArgs = (pid: number, allThreads: boolean) => [...(allThreads ? ['--all-tasks'] : []), '--idle', '--pid', '0', String(pid)];

/** Niceness of a background backend: well below live work (0), not starved. */
export const BACKGROUND_NICE = 10;
/**
 * Niceness of the server's projection thread and its backends: below the requests (0),
 * whose CPU it would otherwise take while a burst fans out, yet above a rebuild
 * (BACKGROUND_NICE), so that a change still reaches the websockets while one runs.
 * The scheduler weighs nice 0 : 5 : 10 about 9 : 3 : 1.
 */
export const PROJECTION_NICE = 5;

/**
 * Lowers the CPU priority of the backend serving `client`. True when it was lowered.
 * The priority cannot be raised again without privileges, so the caller must not
 * return such a connection to a pool that serves live work (release it with `true`).
 */
export async function lowerBackendPriority(client: pg.ClientBase, nice = BACKGROUND_NICE): Promise<boolean> {
  try {
    const { rows } = await client.query<{ pid: number; dir: string }>("SELECT pg_backend_pid() AS pid, current_setting('data_directory') AS dir");
    const { pid, dir } = rows[0];
    const cmdline = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8');
    if (!cmdline.startsWith('postgres:') || (await fs.realpath(`/proc/${pid}/cwd`)) !== (await fs.realpath(dir))) return false;
    os.setPriority(pid, nice);
    if (nice >= BACKGROUND_NICE) await run('chrt', idleArgs(pid, false), { timeout: 5000 }).catch(() => {});
    return true;
  } catch {
    // Not this machine's process, not ours to change, or the setting is not readable: normal priority.
    return false;
  }
}

/**
 * The same for this process (a terminal's `spotter replay`, never the server): the CPU
 * goes to live work first. Every thread of it moves, and threads started later inherit
 * it. Returns what puts the process back (the scale bench goes on with other work; an
 * unprivileged process may not be allowed to).
 */
export function lowerOwnPriority(): () => void {
  const before = os.getPriority();
  try {
    if (before < BACKGROUND_NICE) os.setPriority(BACKGROUND_NICE);
  } catch {
    // Not allowed here: the replay runs at normal priority.
  }
  let idle = false;
  try {
    execFileSync('chrt', idleArgs(process.pid, true), { stdio: 'ignore', timeout: 5000 });
    idle = true;
  } catch {
    // No chrt, or not Linux: nice is what remains.
  }
  return () => {
    try {
      if (idle) execFileSync('chrt', ['--all-tasks', '--other', '--pid', '0', String(process.pid)], { stdio: 'ignore', timeout: 5000 });
      os.setPriority(before);
    } catch {
      // Not allowed (raising a priority needs privileges): the process goes on at the lower one.
    }
  };
}

/**
 * The same for the calling thread alone (the projection thread, src/projection-thread.ts).
 * Linux keeps a nice value per thread, and `setpriority` given a thread id changes only
 * that thread; `/proc/thread-self` names the caller's id. Elsewhere it does nothing.
 */
export function lowerThreadPriority(nice: number): boolean {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(tid) || tid <= 0) return false;
    if (os.getPriority(tid) < nice) os.setPriority(tid, nice);
    return true;
  } catch {
    return false;
  }
}

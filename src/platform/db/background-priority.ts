/**
 * Background work (a projection rebuild) should not take the CPU from live commands.
 * PostgreSQL has no priority of its own, but a backend is an operating-system
 * process: when the database runs on this machine (the embedded default), the
 * connection a rebuild writes through can be given a lower CPU priority (nice), so
 * the scheduler serves the backends of live commands first (issue 28: commands
 * answered 5 times slower while a rebuild's backend held a core).
 *
 * A backend's pid is only meaningful on the database's own machine. Before touching
 * a process, this checks that it is a PostgreSQL backend of this very server: its
 * command line starts with `postgres:` and its working directory is the server's data
 * directory (PostgreSQL runs in it). Anywhere else (a remote database, another
 * container, a role that may not read `data_directory`, no permission) it does nothing.
 */
import fs from 'node:fs/promises';
import { readlinkSync } from 'node:fs';
import os from 'node:os';
import type pg from 'pg';

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
    return true;
  } catch {
    // Not this machine's process, not ours to change, or the setting is not readable: normal priority.
    return false;
  }
}

/** The same for this process (a terminal's `spotter replay`, never the server): the CPU goes to live work first. */
export function lowerOwnPriority(): void {
  try {
    if (os.getPriority() < BACKGROUND_NICE) os.setPriority(BACKGROUND_NICE);
  } catch {
    // Not allowed here: the replay runs at normal priority.
  }
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

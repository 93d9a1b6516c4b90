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
import os from 'node:os';
import type pg from 'pg';

/** Niceness of a background backend: well below live work (0), not starved. */
export const BACKGROUND_NICE = 10;

/**
 * Lowers the CPU priority of the backend serving `client`. True when it was lowered.
 * The priority cannot be raised again without privileges, so the caller must not
 * return such a connection to a pool that serves live work (release it with `true`).
 */
export async function lowerBackendPriority(client: pg.ClientBase): Promise<boolean> {
  try {
    const { rows } = await client.query<{ pid: number; dir: string }>("SELECT pg_backend_pid() AS pid, current_setting('data_directory') AS dir");
    const { pid, dir } = rows[0];
    const cmdline = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8');
    if (!cmdline.startsWith('postgres:') || (await fs.realpath(`/proc/${pid}/cwd`)) !== (await fs.realpath(dir))) return false;
    os.setPriority(pid, BACKGROUND_NICE);
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

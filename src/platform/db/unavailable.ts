/**
 * Whether a failure means "the database cannot be reached right now" (stopped,
 * restarting, failing over, a dropped connection) rather than a fault of the request
 * or the code. Such a failure is answered 503 with Retry-After (http/errors.ts), is
 * not a projection's error (it resumes by itself), and is not worth a stack trace.
 */

/** What a caller reads while the database is away; `Retry-After` says when to try again. */
export const DATABASE_UNAVAILABLE = 'The database is unavailable. Please try again in a few seconds.';
export const RETRY_AFTER_SECONDS = 5;

/**
 * SQLSTATEs: 57P01 admin shutdown (pg_ctl stop -m fast), 57P02 crash shutdown,
 * 57P03 cannot connect now (starting up / shutting down), 08xxx connection exceptions,
 * 53300 too many connections (a restart's reconnect storm).
 */
const SQLSTATES = /^(57P0[1-3]|08...|53300)$/;
/** Socket errors of a connection that failed or died; ENOENT: the Unix socket is gone while the server is down. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOENT', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNABORTED']);
/** pg's own texts for a connection that ended, or a pool that could not get one in time. */
const MESSAGES =
  /connection terminated|not queryable|connection error|timeout exceeded when trying to connect|Connection ended|the database system is (starting up|shutting down|in recovery mode)/i;

export function isDatabaseUnavailable(e: unknown): boolean {
  if (typeof e !== 'object' || e === null) return false;
  const { code, message, errors, syscall } = e as { code?: unknown; message?: unknown; errors?: unknown; syscall?: unknown };
  // Connecting to 127.0.0.1 and ::1 at once fails with an AggregateError of both.
  if (Array.isArray(errors) && errors.length > 0 && errors.every(isDatabaseUnavailable)) return true;
  if (typeof code === 'string' && SQLSTATES.test(code)) return true;
  // ENOENT only from connect(): elsewhere it is a missing file, not a missing database.
  if (typeof code === 'string' && SOCKET_CODES.has(code) && (code !== 'ENOENT' || syscall === 'connect')) return true;
  return typeof message === 'string' && MESSAGES.test(message);
}

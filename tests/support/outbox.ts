/**
 * The outbox folder as tests wait on it: each mail file read and parsed once.
 *
 * Why: a test waiting for a mail polls the folder every 25 ms, and `listOutbox` reads and
 * parses every file each time (10–25 KB of HTML apiece). With 200 mails in a folder that
 * was about 60 ms of CPU a poll, so a waiting test kept a core busy reading mails it had
 * already seen, on a CI machine whose two cores both suites share. The outbox writes each
 * file once, atomically (emails/mailer.ts), so a file read once never changes.
 */
import { readdir } from 'node:fs/promises';
import { OUTBOX_FILE_PATTERN, readOutboxMessage, type OutboxMessage } from '../../emails/mailer.ts';

const seenByFolder = new Map<string, Map<string, OutboxMessage>>();

/** Every mail in the folder, newest first, as `listOutbox` orders them. */
export async function outboxMails(outboxDir: string): Promise<OutboxMessage[]> {
  const seen = seenByFolder.get(outboxDir) ?? new Map<string, OutboxMessage>();
  seenByFolder.set(outboxDir, seen);
  const names = await readdir(outboxDir).catch(() => [] as string[]);
  const ids = names
    .flatMap((name) => OUTBOX_FILE_PATTERN.exec(name)?.[1] ?? [])
    .sort()
    .reverse();
  const unread = ids.filter((id) => !seen.has(id));
  for (const [i, message] of (await Promise.all(unread.map((id) => readOutboxMessage(outboxDir, id)))).entries()) {
    if (message) seen.set(unread[i], message);
  }
  // A mail removed from the folder is no longer listed.
  return ids.flatMap((id) => seen.get(id) ?? []);
}

/** Forgets a folder's mails (its server is closed and the folder removed). */
export function forgetOutbox(outboxDir: string): void {
  seenByFolder.delete(outboxDir);
}

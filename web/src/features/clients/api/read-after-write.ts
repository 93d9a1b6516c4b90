/**
 * Read-your-writes for the clients page. A command answers with the checkpoint of
 * its events; the next reads send it as `x-after-checkpoint`, so the server answers
 * only once its read models include the change, and the refetch after a mutation
 * never shows the old list.
 */
let lastCheckpoint: string | null = null;

export function rememberWrite(checkpoint: string | null | undefined): void {
  if (checkpoint && (!lastCheckpoint || checkpoint > lastCheckpoint)) lastCheckpoint = checkpoint;
}

export function afterWriteHeaders(): Record<string, string> {
  return lastCheckpoint ? { 'x-after-checkpoint': lastCheckpoint } : {};
}

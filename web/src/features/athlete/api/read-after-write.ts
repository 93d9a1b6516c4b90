/**
 * Read-your-writes for the athlete's pages: a logged set answers with the
 * checkpoint of its event, and the next reads wait for the read models to have it.
 */
let lastCheckpoint: string | null = null;

export function rememberWrite(checkpoint: string | null | undefined): void {
  if (checkpoint && (!lastCheckpoint || checkpoint > lastCheckpoint)) lastCheckpoint = checkpoint;
}

export function afterWriteHeaders(): Record<string, string> {
  return lastCheckpoint ? { 'x-after-checkpoint': lastCheckpoint } : {};
}

/**
 * Read-your-writes for the calendar. Commands answer with the checkpoint of their
 * events; reads send the latest one as `x-after-checkpoint`, so the refetch after a
 * save, paste or delete never shows the calendar from before it.
 */
let lastCheckpoint: string | null = null;

export function rememberWrite(checkpoint: string | null | undefined): void {
  if (checkpoint && (!lastCheckpoint || checkpoint > lastCheckpoint)) lastCheckpoint = checkpoint;
}

export function afterWriteHeaders(): Record<string, string> {
  return lastCheckpoint ? { 'x-after-checkpoint': lastCheckpoint } : {};
}

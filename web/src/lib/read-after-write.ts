/**
 * Read-your-writes for the whole dashboard. A command answers with the checkpoint of
 * its events; reads send the latest one as `x-after-checkpoint`, and the server
 * answers only once its read models include it, so the refetch after a change never
 * shows the state from before it.
 *
 * One checkpoint for the app, not one per feature: a write in one feature often shows
 * in another's reads (a set the athlete logs, in the coach's calendar), and all read
 * models follow one store order, so waiting for the latest write covers every earlier one.
 */
let lastCheckpoint: string | null = null;

/** Keeps the latest checkpoint: they are fixed-width strings in store order, so `>` compares them. */
export function rememberWrite(checkpoint: string | null | undefined): void {
  if (checkpoint && (!lastCheckpoint || checkpoint > lastCheckpoint)) lastCheckpoint = checkpoint;
}

export function afterWriteHeaders(): Record<string, string> {
  return lastCheckpoint ? { 'x-after-checkpoint': lastCheckpoint } : {};
}

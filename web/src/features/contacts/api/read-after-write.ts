/**
 * Read-your-writes for the contact network: reads after a change send its
 * checkpoint as `x-after-checkpoint`, so they never show the state before it.
 * (The clients feature keeps its own; features do not import each other.)
 */
let lastCheckpoint: string | null = null;

export function rememberWrite(checkpoint: string | null | undefined): void {
  if (checkpoint && (!lastCheckpoint || checkpoint > lastCheckpoint)) lastCheckpoint = checkpoint;
}

export function afterWriteHeaders(): Record<string, string> {
  return lastCheckpoint ? { 'x-after-checkpoint': lastCheckpoint } : {};
}

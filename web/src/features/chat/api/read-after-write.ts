/**
 * Read-your-writes for messaging: reads after a change send its checkpoint as
 * `x-after-checkpoint`, so the list never shows the state before one's own message.
 * (Features do not import each other, so chat keeps its own.)
 */
let lastCheckpoint: string | null = null;

export function rememberWrite(checkpoint: string | null | undefined): void {
  if (checkpoint && (!lastCheckpoint || checkpoint > lastCheckpoint)) lastCheckpoint = checkpoint;
}

export function afterWriteHeaders(): Record<string, string> {
  return lastCheckpoint ? { 'x-after-checkpoint': lastCheckpoint } : {};
}

/** Static output: render a view once to a string and write it, no live terminal needed. */
import type { ReactNode } from 'react';
import { renderToString } from 'ink';

export function print(view: ReactNode): void {
  // Piped into grep or a file, lines should not wrap at an imaginary terminal width.
  const columns = process.stdout.isTTY ? process.stdout.columns || 80 : 1000;
  process.stdout.write(`${renderToString(view, { columns })}\n`);
}

export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

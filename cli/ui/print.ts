/** Static output: render a view once to a string and write it, no live terminal needed. */
import type { ReactNode } from 'react';
import { renderToString } from 'ink';

export function print(view: ReactNode): void {
  process.stdout.write(`${renderToString(view, { columns: process.stdout.columns || 120 })}\n`);
}

export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

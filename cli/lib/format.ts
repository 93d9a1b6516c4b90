/** Small text helpers shared by the views. */
import type { Checkpoint } from '../../src/platform/eventstore/port.ts';

/**
 * Checkpoints are fixed-width so they sort as strings ("00000000000000000748:00000000000000000012");
 * people read them without the padding ("748:12").
 */
export function shortCheckpoint(c: Checkpoint | null): string {
  if (c === null) return 'start';
  return c
    .split(':')
    .map((part) => part.replace(/^0+(?=\d)/, ''))
    .join(':');
}

export function count(n: number): string {
  return n.toLocaleString('en-US');
}

export function seconds(ms: number): string {
  const s = ms / 1000;
  return s.toFixed(s < 10 ? 2 : s < 100 ? 1 : 0);
}

export function bar(fraction: number, width: number): string {
  const filled = Math.round(Math.min(Math.max(fraction, 0), 1) * width);
  return '█'.repeat(filled) + '░'.repeat(width - filled);
}

export function timeAgo(at: Date, now: Date): string {
  const s = Math.max(0, Math.round((now.getTime() - at.getTime()) / 1000));
  if (s < 60) return `${s} s ago`;
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86400) return `${Math.floor(s / 3600)} h ago`;
  return `${Math.floor(s / 86400)} d ago`;
}

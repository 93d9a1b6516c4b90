/** The live bar of long commands: count of total, rate and time left. */
import { Text } from 'ink';
import { bar, count } from '../lib/format.ts';

export interface Progress {
  label: string;
  done: number;
  total: number;
  elapsedMs: number;
}

const WIDTH = 24;

export function rateOf(p: Progress): number {
  return p.elapsedMs > 0 ? (p.done / p.elapsedMs) * 1000 : 0;
}

/** "1 min 05 s", "12 s", or "?" before the first item tells a rate. */
export function timeLeft(p: Progress): string {
  const rate = rateOf(p);
  if (rate === 0) return '?';
  const s = Math.ceil((p.total - p.done) / rate);
  return s >= 60 ? `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s` : `${s} s`;
}

export function ProgressBar({ progress }: { progress: Progress }) {
  const fraction = progress.total > 0 ? progress.done / progress.total : 0;
  return (
    <Text>
      {progress.label} <Text color="cyan">{bar(fraction, WIDTH)}</Text> {count(progress.done)}/{count(progress.total)} · {count(Math.round(rateOf(progress)))}/s ·{' '}
      {timeLeft(progress)} left
    </Text>
  );
}

/**
 * Runs `work` with a live bar in a terminal (nothing when piped or with --json), so
 * anything longer than a moment shows that it moves.
 */
export async function withProgress<T>(label: string, live: boolean, work: (report: (done: number, total: number) => void) => Promise<T>): Promise<T> {
  if (!live) return work(() => {});
  const { render } = await import('ink');
  const started = Date.now();
  const ink = render(<ProgressBar progress={{ label, done: 0, total: 0, elapsedMs: 0 }} />, { patchConsole: false });
  try {
    return await work((done, total) => ink.rerender(<ProgressBar progress={{ label, done, total, elapsedMs: Date.now() - started }} />));
  } finally {
    ink.unmount();
    await ink.waitUntilExit();
  }
}

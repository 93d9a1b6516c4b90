/**
 * Named wake-ups from the reactors that queue work (mail, pushes, webhook deliveries)
 * to the senders that deliver it. Senders also poll, so a lost signal only delays.
 *
 * Reactors run on the projection thread (src/projection-thread.ts) and senders on the
 * serving thread; the thread forwards every signal it raises (`forwardSignals`), and
 * the serving thread raises it again here. In one thread (the CLI, a test's platform)
 * a signal reaches its listeners directly.
 */
type Listener = () => void;

const listeners = new Map<string, Set<Listener>>();
let forward: ((name: string) => void) | null = null;

const SIGNAL_NAMES = ['mail', 'push', 'webhooks'] as const;
export type SignalName = (typeof SIGNAL_NAMES)[number];

export function raiseSignal(name: SignalName): void {
  for (const listener of listeners.get(name) ?? []) listener();
  forward?.(name);
}

/** Listens for `name`; returns the function that stops listening. */
export function onSignal(name: SignalName, listener: Listener): () => void {
  const set = listeners.get(name) ?? new Set<Listener>();
  set.add(listener);
  listeners.set(name, set);
  return () => void set.delete(listener);
}

/** Sends every signal raised in this thread on to another (the projection thread's side). */
export function forwardSignals(to: (name: string) => void): void {
  forward = to;
}

export const isSignalName = (name: unknown): name is SignalName => (SIGNAL_NAMES as readonly unknown[]).includes(name);

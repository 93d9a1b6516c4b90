/**
 * The projection thread's side (projection-thread.ts): every projection and reactor of
 * the server, run by a ProjectionRunner of this thread's own, at a lower CPU priority
 * than the requests (this thread and every database backend it uses: PROJECTION_NICE). It reports what it applied, the
 * wake-ups its reactors raise and its log lines to the serving thread, and catches up
 * at once on each append the serving thread reports.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { startPlatform } from './platform/start.ts';
import { lowerThreadPriority, PROJECTION_NICE } from './platform/db/background-priority.ts';
import { forwardSignals } from './platform/wake-signals.ts';
import { featureReactors, registerFeatureRules, serverProjections } from './features.ts';
import type { Checkpoint } from './platform/eventstore/port.ts';
import type { ThreadData, ToThread, FromThread } from './projection-thread.ts';

const port = parentPort!;
const post = (message: FromThread) => port.postMessage(message);
const data = workerData as ThreadData;

/**
 * Each append moves every projection's checkpoint (those it does not concern only in
 * memory), and a report per projection per batch was up to a message per projection per
 * append: at 200 logged sets a second, 0.8 s of this thread's 28 in postMessage (a CPU
 * profile, issue 28). What a tick applied goes out at its end, the newest of each.
 */
const applied = new Map<string, Checkpoint>();
function reportApplied(projection: string, checkpoint: Checkpoint): void {
  if (applied.size === 0) setImmediate(flushApplied);
  applied.set(projection, checkpoint);
}
function flushApplied(): void {
  for (const [projection, checkpoint] of applied) post({ type: 'applied', projection, checkpoint });
  applied.clear();
}

lowerThreadPriority(PROJECTION_NICE);
registerFeatureRules();
forwardSignals((name) => post({ type: 'signal', name }));

try {
  const platform = await startPlatform(
    { databaseUrl: data.databaseUrl, embeddedDataDir: '', eventstoreUrl: data.eventstoreUrl },
    {
      projections: serverProjections(data.appUrl).map((p) => (p.coalesceMs && data.coalesceMs !== undefined ? { ...p, coalesceMs: data.coalesceMs } : p)),
      reactors: featureReactors,
      // The serving thread installed the schema before starting this one.
      migrate: false,
      backendNice: PROJECTION_NICE,
      poolSize: data.poolSize,
      log: (message) => post({ type: 'log', message }),
      onApplied: reportApplied,
      onOwnership: (projection, owned) => post({ type: 'ownership', projection, owned }),
    },
  );
  port.on('message', (message: ToThread) => {
    if (message.type === 'appended') platform.runner.noteAppended(message.checkpoint);
    else if (message.type === 'hurry') platform.runner.hurry(message.checkpoint);
    else if (message.type === 'stop') {
      void platform
        .close()
        .catch((e: Error) => post({ type: 'log', message: `projection thread: ${e.message}` }))
        .finally(() => {
          flushApplied();
          post({ type: 'stopped' });
          // Ends this thread only (not the process), whatever timers a module left.
          process.exit(0);
        });
    }
  });
  post({ type: 'ready' });
} catch (e) {
  post({ type: 'failed', message: (e as Error).message });
  process.exit(1);
}

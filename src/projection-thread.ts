/**
 * The server's projections and reactors run on a thread of their own, at a lower CPU
 * priority than the requests, with their database backends lowered too (issue 28).
 * An assignment to 40 athletes leaves 640 workouts to schedule, project and mail; on
 * the serving thread that work took the two cores from the next requests (an
 * assignment answered in 50–60 ms at p50 while the previous ones fanned out, against
 * 8 ms on a settled server). On its own thread the requests come first: the event loop
 * that answers them never runs a batch, and the scheduler gives a niced thread and its
 * backends the CPU only when live work leaves it.
 *
 * The serving thread keeps a ProjectionRunner that owns nothing (status, health and
 * read-after-write waits go through it); this thread's reports of what it applied
 * settle those waits without polling. Each append of the serving thread wakes the
 * projection thread at once. A thread that stops unexpectedly is started again.
 */
import { Worker } from 'node:worker_threads';
import type { Checkpoint } from './platform/eventstore/port.ts';
import type { Platform } from './platform/start.ts';
import { isSignalName, raiseSignal } from './platform/wake-signals.ts';

export interface ThreadData {
  databaseUrl: string;
  eventstoreUrl: string | null;
  appUrl: string;
  poolSize: number;
  /**
   * The pause of the projections that coalesce (Projection.coalesceMs) instead of their
   * own: a test makes it long, to tell a wait that hurried them from one that sat the
   * pause out.
   */
  coalesceMs?: number;
}

export type ToThread = { type: 'appended'; checkpoint: Checkpoint } | { type: 'hurry'; checkpoint: Checkpoint } | { type: 'stop' };
export type FromThread =
  | { type: 'ready' }
  | { type: 'failed'; message: string }
  | { type: 'applied'; projection: string; checkpoint: Checkpoint }
  | { type: 'ownership'; projection: string; owned: boolean }
  | { type: 'signal'; name: string }
  | { type: 'log'; message: string }
  | { type: 'stopped' };

const RESTART_AFTER_MS = 1000;
/**
 * A stop waits for the batch in flight; past this the thread is ended as a crash would
 * end it (its open transaction rolls back, and what it had applied since its last
 * stored checkpoint is applied again at the next start). `npm start` promises Ctrl-C
 * within 5 s, with 4 s for the whole close (src/main.ts).
 */
const STOP_GRACE_MS = 1500;
/** Connections of the thread's pool: one per projection writing at once is the most it uses. */
const THREAD_POOL_SIZE = 10;
/**
 * The thread's young generation (V8's default is 48 MB). A thread is a second heap in
 * the server's process, and a burst of work (20 template assignments to 40 athletes:
 * 12,800 workouts scheduled, projected and mailed) fills both. On a kept scale-bench
 * store (bench/README.md, issue 28), the server's peak resident set over that burst was
 * 491–495 MB with V8's default, 461–465 MB at 12 MB, and 443 MB at 12 MB with the
 * runner's shared tail at 5,000 events instead of 10,000 (runner.ts). The price: the
 * burst's workouts were all projected 58 s after the last answer instead of 45–50 s.
 */
const THREAD_YOUNG_GENERATION_MB = 12;

export class ProjectionThread {
  private worker: Worker | null = null;
  private closing = false;
  private restartTimer: NodeJS.Timeout | null = null;
  private readonly offAppended: () => void;
  private readonly offRemoteWait: () => void;

  private constructor(
    private readonly platform: Platform,
    private readonly data: ThreadData,
    private readonly log: (message: string) => void,
  ) {
    this.offAppended = platform.store.onAppended((checkpoint) => this.worker?.postMessage({ type: 'appended', checkpoint } satisfies ToThread));
    // A read-your-writes wait of a request: the thread's coalescing projections catch up now.
    this.offRemoteWait = platform.runner.onRemoteWait((checkpoint) => this.worker?.postMessage({ type: 'hurry', checkpoint } satisfies ToThread));
  }

  /** Resolves once the thread has caught up with the store, as an in-process runner's start does. */
  static async start(platform: Platform, opts: { eventstoreUrl: string | null; appUrl: string; log: (message: string) => void; coalesceMs?: number }): Promise<ProjectionThread> {
    const thread = new ProjectionThread(
      platform,
      { databaseUrl: platform.databaseUrl, eventstoreUrl: opts.eventstoreUrl, appUrl: opts.appUrl, poolSize: THREAD_POOL_SIZE, coalesceMs: opts.coalesceMs },
      opts.log,
    );
    try {
      await thread.spawn();
    } catch (e) {
      thread.offAppended();
      thread.offRemoteWait();
      throw e;
    }
    return thread;
  }

  private spawn(): Promise<void> {
    const worker = new Worker(new URL('./projection-thread-worker.mjs', import.meta.url), {
      workerData: this.data,
      resourceLimits: { maxYoungGenerationSizeMb: THREAD_YOUNG_GENERATION_MB },
    });
    this.worker = worker;
    return new Promise<void>((resolve, reject) => {
      let ready = false;
      worker.on('message', (message: FromThread) => {
        if (message.type === 'applied') this.platform.runner.noteApplied(message.projection, message.checkpoint);
        else if (message.type === 'ownership') this.platform.runner.noteOwnership(message.projection, message.owned);
        else if (message.type === 'signal' && isSignalName(message.name)) raiseSignal(message.name);
        else if (message.type === 'log') this.log(message.message);
        else if (message.type === 'ready') {
          ready = true;
          resolve();
        } else if (message.type === 'failed' && !ready) reject(new Error(`The projection thread did not start: ${message.message}`));
      });
      worker.on('error', (e) => {
        this.log(`projection thread: ${e.message}`);
        if (!ready) reject(e);
      });
      worker.on('exit', (code) => {
        if (this.worker === worker) this.worker = null;
        // Its locks went with its connections.
        this.platform.runner.noteOwnership(null, false);
        if (!ready) return reject(new Error(`The projection thread stopped while starting (exit code ${code})`));
        if (this.closing) return;
        this.log(`projection thread stopped (exit code ${code}); starting it again`);
        this.restartLater();
      });
    });
  }

  /** Until a start succeeds (the database may be away): the projections must not stay stopped. */
  private restartLater(): void {
    this.restartTimer = setTimeout(() => {
      this.restartTimer = null;
      if (this.closing) return;
      this.spawn().catch((e: Error) => {
        this.log(`projection thread: ${e.message}`);
        if (!this.closing) this.restartLater();
      });
    }, RESTART_AFTER_MS);
  }

  /** Ends the thread at once, as a crash would (tests): the server starts it again. */
  async terminate(): Promise<void> {
    await this.worker?.terminate();
  }

  /** Stops the runner in the thread (its checkpoints stored), then the thread. */
  async close(): Promise<void> {
    this.closing = true;
    this.offAppended();
    this.offRemoteWait();
    if (this.restartTimer) clearTimeout(this.restartTimer);
    const worker = this.worker;
    if (!worker) return;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage({ type: 'stop' } satisfies ToThread);
    const timer = setTimeout(() => void worker.terminate(), STOP_GRACE_MS);
    await exited;
    clearTimeout(timer);
  }
}

/**
 * E-mails render on a thread of their own. MJML takes ~5 ms of work per mail once warm,
 * more while cold, and on the server's one thread every request and websocket message
 * waited behind it (issue 28: MJML was 17 % of a busy server's CPU while an hourly batch
 * went out; 200 mails rendered back to back left a 1 ms timer no tick for a second,
 * `npm run bench -- mail_render`). One worker renders them in turn; it starts on first
 * use, or earlier through warm() (the mail sender warms it when it starts), and keeps
 * the process alive only while a render is waiting.
 */
import { Worker } from 'node:worker_threads';
import { EmailRenderError, type EmailData, type EmailKind, type RenderedEmail } from './render.ts';

interface Reply {
  id: number;
  mail?: RenderedEmail;
  error?: { message: string; template?: string; details?: string[] };
}

/**
 * The thread's young generation (V8's default is 48 MB). The thread is a heap of its own
 * in the server's process, and a burst of mails fills it: on the scale bench's store
 * (bench/README.md, issue 28) 30 assignments of a template to 40 athletes mailed 1,200
 * athletes while their workouts were projected, when the server's memory peaks. 1,200
 * renders in a row on an otherwise idle process, three runs each, alternating: peak
 * resident set 240–243 MB with V8's default, 207–210 MB at 8 MB (idle and warm 153–157
 * against 134–138 MB), 6.1–7.1 ms per mail either way.
 */
const RENDER_YOUNG_GENERATION_MB = 8;

export class EmailRenderThread {
  private worker: Worker | null = null;
  private nextId = 0;
  private readonly waiting = new Map<number, { resolve: (mail: RenderedEmail) => void; reject: (e: Error) => void }>();

  render<K extends EmailKind>(kind: K, data: EmailData[K]): Promise<RenderedEmail> {
    const worker = this.started();
    const id = this.nextId++;
    return new Promise<RenderedEmail>((resolve, reject) => {
      if (this.waiting.size === 0) worker.ref();
      this.waiting.set(id, { resolve, reject });
      worker.postMessage({ id, kind, data });
    });
  }

  /**
   * Starts the thread without rendering anything, so the first mail after boot does not
   * wait for it: loading tsx and MJML in a new thread takes ~0.9 s on an idle machine and
   * several times that on a busy one (a confirmation mail once came later than the 5 s a
   * test waited for it).
   */
  warm(): void {
    this.started();
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./render-worker.mjs', import.meta.url), { resourceLimits: { maxYoungGenerationSizeMb: RENDER_YOUNG_GENERATION_MB } });
    worker.unref();
    worker.on('message', (reply: Reply) => this.settle(reply));
    // A thread that fails or stops fails what it had; the next render starts a new one.
    worker.on('error', (e) => this.stopped(worker, e));
    worker.on('exit', (code) => this.stopped(worker, new Error(`The e-mail render thread stopped (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }

  private settle(reply: Reply): void {
    const waiter = this.waiting.get(reply.id);
    if (!waiter) return;
    this.waiting.delete(reply.id);
    if (this.waiting.size === 0) this.worker?.unref();
    if (reply.mail) return waiter.resolve(reply.mail);
    const e = reply.error!;
    waiter.reject(e.template ? new EmailRenderError(e.template, e.details ?? []) : new Error(e.message));
  }

  private stopped(worker: Worker, error: Error): void {
    if (this.worker === worker) this.worker = null;
    for (const waiter of this.waiting.values()) waiter.reject(error);
    this.waiting.clear();
  }
}

/** A mail sender's hold on the process's render thread (leaseRenderThread). */
export interface RenderThreadLease {
  readonly thread: EmailRenderThread;
  /** Gives the hold back; the last one back closes the thread after RENDER_THREAD_LINGER_MS. */
  release(): void;
}

/** How long the shared thread waits for a next user before it closes. */
export const RENDER_THREAD_LINGER_MS = 30_000;

let shared: EmailRenderThread | null = null;
let holders = 0;
let closing: NodeJS.Timeout | null = null;

/**
 * The process's one render thread, shared by every mail sender in it. Why one: starting a
 * thread (tsx and MJML load in it) cost 1.6 CPU-seconds, and a process that starts
 * servers one after another paid it for each. The tests do (one server a file, a few
 * hundred a run, several files to a process); a deployed server has one sender anyway.
 * Released by its last holder, it waits RENDER_THREAD_LINGER_MS for the next before it
 * closes; the timer and the idle thread never keep the process alive.
 */
export function leaseRenderThread(): RenderThreadLease {
  if (closing) clearTimeout(closing);
  closing = null;
  const thread = (shared ??= new EmailRenderThread());
  holders++;
  let released = false;
  return {
    thread,
    release() {
      if (released) return;
      released = true;
      if (--holders > 0) return;
      closing = setTimeout(() => {
        closing = null;
        if (holders === 0 && shared === thread) {
          shared = null;
          void thread.close();
        }
      }, RENDER_THREAD_LINGER_MS).unref();
    },
  };
}

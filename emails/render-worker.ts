/**
 * The e-mail render thread's side (render-thread.ts): renders what it is sent, in turn,
 * and answers with the mail or with what went wrong.
 */
import { parentPort } from 'node:worker_threads';
import { EmailRenderError, renderEmail, type EmailKind } from './render.ts';

async function answer(id: number, kind: EmailKind, data: never): Promise<void> {
  try {
    parentPort!.postMessage({ id, mail: await renderEmail(kind, data) });
  } catch (e) {
    const error = e instanceof EmailRenderError ? { message: e.message, template: e.template, details: e.details } : { message: (e as Error).message };
    parentPort!.postMessage({ id, error });
  }
}

parentPort!.on('message', ({ id, kind, data }: { id: number; kind: EmailKind; data: never }) => void answer(id, kind, data));

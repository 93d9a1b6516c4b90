/**
 * The answers index.html's early script asked for before the app's code had arrived:
 * the data a page's header needs (web/src/app/route-table.ts, `firstPaintData`). On a
 * phone's connection that request then runs alongside the code's download rather than
 * after it, and the page draws a round trip sooner (`npm run bench -- lighthouse`).
 *
 * Each answer is taken once, by the first request for its path made with the same
 * session, and only while it is fresh: a later read must ask the server again.
 */

/** What the early script leaves on `window`. */
type FirstPaintData = { token: string; startedAt: number; responses: Record<string, Promise<Response>> };

/** An answer older than this is not the page's first data any more. */
const FRESH_FOR_MS = 10_000;

declare global {
  interface Window {
    __spotterFirstPaintData?: FirstPaintData;
  }
}

/** The early answer for a GET of `path` sent with `token`, once; null when there is none to take. */
export function takeFirstPaintData(path: string, token: string | undefined): Promise<Response> | null {
  const early = typeof window === 'undefined' ? undefined : window.__spotterFirstPaintData;
  if (!early || !token || early.token !== token || Date.now() - early.startedAt > FRESH_FOR_MS) return null;
  if (!Object.hasOwn(early.responses, path)) return null;
  const response = early.responses[path];
  delete early.responses[path];
  return response;
}

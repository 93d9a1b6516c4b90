/**
 * The first paint goes first. On a phone, everything a page starts before its first
 * frame (requests, the realtime socket, the offline outbox) delays that frame: each
 * request costs main-thread time to start and a share of a slow connection. So until
 * the first page has painted, requests wait, except the few the page's header needs,
 * which its route loader names (app/route-data.ts). Afterwards nothing waits again.
 *
 * Measured with Lighthouse's phone profile (`npm run bench -- lighthouse`).
 */

/** Released at the latest after this long, whatever happens (an error page, a test without frames). */
const LATEST_RELEASE_MS = 2_000;

let release: () => void = () => {};
let released = false;
const painted = new Promise<void>((resolve) => {
  release = () => {
    released = true;
    resolve();
  };
});
if (typeof window !== 'undefined') window.setTimeout(release, LATEST_RELEASE_MS);

/** Paths (without the query) the first paint needs: they do not wait. */
const neededFirst = new Set<string>();

/** Route loaders: these requests are part of the page's first paint. */
export function neededForFirstPaint(...paths: string[]): void {
  if (!released) for (const p of paths) neededFirst.add(p);
}

/** Resolves once the first page has painted; null when it has, or when `path` is needed for that paint (once). */
export function afterFirstPaint(path?: string): Promise<void> | null {
  if (released) return null;
  if (path !== undefined && neededFirst.delete(path.split('?')[0])) return null;
  return painted;
}

/**
 * Resolves when the browser reports its first contentful paint (or, without that report,
 * two frames on). The report is read from the observer's own list, not from
 * `performance`, which a test's fake clock may replace.
 */
function contentfulPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      // A frame callback runs before its frame is painted: the next frame's runs after it.
      if (typeof requestAnimationFrame !== 'function') return resolve();
      return requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
    }
    // `buffered`: a paint that happened before this call is reported too.
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
  });
}

/**
 * Called once a page has committed (its code loaded, app/first-paint-signal.tsx):
 * the waiting work starts after the browser has painted content.
 */
export function pagePainted(): void {
  if (released) return;
  void contentfulPaint().then(() => setTimeout(release, 0));
}

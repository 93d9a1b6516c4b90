/**
 * The dashboard's HTML for an address, naming the files that address's page needs
 * first (web/build/route-preloads.ts writes the list at build time): the browser then
 * fetches them alongside the entry script rather than after it has run, which on a
 * phone's connection brings the first paint a round trip or more closer. The same goes
 * for the data requests the page's header needs, which index.html's early script starts.
 *
 * Addresses the list does not know, or a build without it, get index.html as it is.
 */
import fs from 'node:fs';
import path from 'node:path';

/** One address's files, as web/build/route-preloads.ts writes them. */
type RoutePreload = { path: string; js: string[]; css: string[]; data?: string[] };

/** What index.html's early script will fetch: our own API's plain paths, nothing else. */
const FIRST_PAINT_DATA_PATH = /^\/api\/[\w\-/]+$/;

/** A route pattern ('/calendar/:clientId') matches a path segment by segment. */
function matches(pattern: string, pathname: string): boolean {
  const want = pattern.split('/');
  const got = pathname.replace(/\/+$/, '').split('/');
  if (want.length !== got.length) return false;
  return want.every((segment, i) => (segment.startsWith(':') ? got[i] !== '' : segment === got[i]));
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

function tagsFor(route: RoutePreload): string {
  const scripts = route.js.map((href) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(href)}">`);
  // Fetched, not applied: a style sheet here would hold the first paint of the whole page
  // until it came; the app applies each when the part of the page that needs it loads.
  const styles = route.css.map((href) => `<link rel="preload" as="style" crossorigin href="${escapeAttribute(href)}">`);
  // The page's first data, started by index.html's early script before the app's code
  // arrives (it runs after <head> is parsed, so it sees this tag).
  const data = (route.data ?? []).filter((p) => FIRST_PAINT_DATA_PATH.test(p));
  const early = data.length > 0 ? [`<meta name="spotter-first-paint-data" content="${escapeAttribute(data.join(' '))}">`] : [];
  return [...scripts, ...styles, ...early].join('');
}

export class PageHtml {
  private cached: { stamp: number; html: string; routes: RoutePreload[] } | null = null;

  constructor(private readonly webDistDir: string) {}

  /** The HTML for `pathname` with its page's files named; null to send index.html unchanged. */
  htmlFor(pathname: string): string | null {
    const build = this.load();
    if (!build) return null;
    const route = build.routes.find((r) => matches(r.path, pathname));
    if (!route) return null;
    return build.html.replace('</head>', `${tagsFor(route)}</head>`);
  }

  /** index.html and the list, read again whenever a new build replaced index.html. */
  private load(): { html: string; routes: RoutePreload[] } | null {
    try {
      const indexFile = path.join(this.webDistDir, 'index.html');
      const stamp = fs.statSync(indexFile).mtimeMs;
      if (this.cached?.stamp !== stamp) {
        const routes = JSON.parse(fs.readFileSync(path.join(this.webDistDir, 'route-preloads.json'), 'utf8')) as RoutePreload[];
        this.cached = { stamp, html: fs.readFileSync(indexFile, 'utf8'), routes: Array.isArray(routes) ? routes : [] };
      }
      return this.cached;
    } catch {
      // No build, or one from before the list existed: index.html as it is.
      return null;
    }
  }
}

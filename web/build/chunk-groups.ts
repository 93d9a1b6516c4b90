/**
 * How the build groups the dashboard's code into files, for a phone on a slow
 * connection. Left to itself the bundler made ~60 small shared files, and opening a
 * signed-in page fetched ~40 of them: over HTTP/1.1 with six connections each costs
 * a round trip, and inserting their preload tags cost a long task (Lighthouse's phone
 * profile, `npm run bench -- lighthouse`).
 *
 * Two groups:
 * - `public`: code the signed-out pages (sign-in, sign-up, …) share, in one file;
 * - `app`: code shared by signed-in pages only. Files used by the same set of pages
 *   stay together, and small sets merge into their nearest neighbour, so a page
 *   loads a handful of files rather than dozens and none it does not need much of.
 * What the signed-out pages need is found from the module graph (their route
 * modules and everything they import), so sign-in never downloads signed-in code.
 */
import type { Plugin } from 'vite';

const SOURCE = /web[\\/]src[\\/]/;
/** The route modules of pages open to anyone. */
const PUBLIC_ROUTES = /web[\\/]src[\\/]app[\\/]routes[\\/](auth[\\/]|email-demo)/;
/** Shared files under this size join their nearest neighbour. */
const MERGE_BELOW_BYTES = 24_000;

export function chunkGroups() {
  const publicModules = new Set<string>();

  /** Collects the modules reachable from the public routes once the graph is known. */
  const plugin: Plugin = {
    name: 'spotter-chunk-groups',
    apply: 'build',
    buildEnd() {
      const pending = [...this.getModuleIds()].filter((id) => PUBLIC_ROUTES.test(id));
      while (pending.length > 0) {
        const id = pending.pop()!;
        if (publicModules.has(id)) continue;
        publicModules.add(id);
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };

  const groups = [
    { name: 'public', test: (id: string) => SOURCE.test(id) && publicModules.has(id), minShareCount: 2, priority: 2 },
    {
      name: 'app',
      test: (id: string) => SOURCE.test(id) && !publicModules.has(id),
      minShareCount: 2,
      entriesAware: true,
      entriesAwareMergeThreshold: MERGE_BELOW_BYTES,
      priority: 1,
    },
  ];
  return { plugin, groups };
}

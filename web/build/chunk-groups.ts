/**
 * How the build groups the dashboard's code into files, for a phone on a slow
 * connection. Left to itself the bundler made ~60 small shared files, and opening a
 * signed-in page fetched ~40 of them: over HTTP/1.1 with six connections each costs
 * a round trip, and inserting their preload tags cost a long task (Lighthouse's phone
 * profile, `npm run bench -- lighthouse`).
 *
 * Four groups:
 * - `initial`: what the entry script imports (React, the router, the query cache, the
 *   providers) stays in the entry file: every page runs all of it first;
 * - `public`: code the signed-out pages (sign-in, sign-up, …) share, in one file;
 * - `shell`: the rest of the signed-in frame's code (guard, header, menus), which every
 *   signed-in page loads before it can draw, in one file rather than a share of many;
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
/** The guard and frame of every signed-in page (route-table.ts's SIGNED_IN_LAYOUT). */
const SIGNED_IN_LAYOUT = /web[\\/]src[\\/]app[\\/]routes[\\/]app[\\/]root\.tsx$/;
/** Shared files under this size join their nearest neighbour. */
const MERGE_BELOW_BYTES = 24_000;

export function chunkGroups() {
  const publicModules = new Set<string>();
  const shellModules = new Set<string>();

  /** Collects the modules the public routes and the signed-in frame import, once the graph is known. */
  const plugin: Plugin = {
    name: 'spotter-chunk-groups',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      /** `start` and everything it imports statically (what must load before it can run). */
      const collect = (start: string[], into: Set<string>) => {
        const pending = [...start];
        while (pending.length > 0) {
          const id = pending.pop()!;
          if (into.has(id)) continue;
          into.add(id);
          pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
      };
      collect(
        ids.filter((id) => PUBLIC_ROUTES.test(id)),
        publicModules,
      );
      collect(
        ids.filter((id) => SIGNED_IN_LAYOUT.test(id)),
        shellModules,
      );
    },
  };

  const groups = [
    { name: 'initial', tags: ['$initial' as const], priority: 4 },
    { name: 'public', test: (id: string) => SOURCE.test(id) && publicModules.has(id), minShareCount: 2, priority: 3 },
    {
      name: 'shell',
      // The layout module keeps its own small file: the router loads it by name.
      test: (id: string) => SOURCE.test(id) && shellModules.has(id) && !publicModules.has(id) && !SIGNED_IN_LAYOUT.test(id),
      priority: 2,
      // What the frame imports stays where it is: pulled in with it, a helper the sign-in
      // page uses too (the query library's useMutation) made sign-in load the whole frame.
      includeDependenciesRecursively: false,
    },
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

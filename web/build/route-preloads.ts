/**
 * Writes `route-preloads.json`: for each address of the router (web/src/app/route-table.ts),
 * the script and style files its page needs before it can draw anything, besides the
 * entry script index.html names. The server puts them into the HTML it answers that
 * address with (src/platform/http/page-preloads.ts), so a phone fetches them alongside
 * the entry script instead of only once it has run: one round trip on a slow connection
 * less before the first paint (Lighthouse's phone profile, `npm run bench -- lighthouse`).
 * Likewise the data requests the page's header needs (`firstPaintData`).
 */
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { publicRoutes, SIGNED_IN_LAYOUT, signedInRoutes } from '../src/app/route-table.ts';

const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/** One address's files; the server reads the list with the same shape (src/platform/http/page-preloads.ts). */
type RoutePreload = { path: string; js: string[]; css: string[]; data: string[] };

type ChunkWithCss = OutputChunk & { viteMetadata?: { importedCss: Set<string> } };

/** The route module a chunk is the facade of ('app/training'), if any. */
function routeModuleOf(chunk: OutputChunk): string | null {
  const m = /[\\/]app[\\/]routes[\\/](.+)\.tsx$/.exec(chunk.facadeModuleId ?? '');
  return m ? m[1].replaceAll('\\', '/') : null;
}

export function routePreloads(): Plugin {
  return {
    name: 'spotter-route-preloads',
    apply: 'build',
    generateBundle(_options, bundle: OutputBundle) {
      const chunks = Object.values(bundle).filter((o): o is ChunkWithCss => o.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const byModule = new Map(
        chunks.flatMap((c) => {
          const module = routeModuleOf(c);
          return module ? [[module, c] as const] : [];
        }),
      );
      const entry = chunks.find((c) => c.isEntry);

      /** A chunk and every chunk it imports statically, with their styles. */
      const closure = (start: OutputChunk, js: Set<string>, css: Set<string>) => {
        const pending = [start.fileName];
        while (pending.length > 0) {
          const file = pending.pop()!;
          if (js.has(file)) continue;
          js.add(file);
          const chunk = byFile.get(file);
          for (const style of chunk?.viteMetadata?.importedCss ?? []) css.add(style);
          pending.push(...(chunk?.imports ?? []));
        }
      };
      const filesFor = (modules: string[]): Pick<RoutePreload, 'js' | 'css'> => {
        const js = new Set<string>();
        const css = new Set<string>();
        for (const module of modules) {
          const chunk = byModule.get(module);
          if (!chunk) this.error(`route-preloads: no chunk for route module ${module}`);
          closure(chunk, js, css);
        }
        // index.html names the entry script and its styles already.
        if (entry) {
          js.delete(entry.fileName);
          for (const style of entry.viteMetadata?.importedCss ?? []) css.delete(style);
        }
        return { js: [...js].map((f) => `/${f}`), css: [...css].map((f) => `/${f}`) };
      };

      const routes: RoutePreload[] = [
        ...publicRoutes.map(({ path, module, firstPaintData }) => ({ path, ...filesFor([module]), data: firstPaintData ?? [] })),
        ...signedInRoutes.map(({ path, module, firstPaintData }) => ({ path, ...filesFor([SIGNED_IN_LAYOUT, module]), data: firstPaintData ?? [] })),
      ];
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: JSON.stringify(routes) });
    },
  };
}

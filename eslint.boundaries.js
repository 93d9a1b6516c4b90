// The import boundaries of the layout, as ESLint zones (import-x/no-restricted-paths).
// A zone forbids files under `target` to import files under `from`, except `except`.
// Written out here rather than in eslint.config.js because the per-context zones are
// generated from the list of contexts below.
import fs from 'node:fs';

/** Every bounded context: a folder under src/ (and maybe projections/) with an index.ts. */
export const contexts = fs
  .readdirSync(new URL('./src/', import.meta.url), { withFileTypes: true })
  .filter((e) => e.isDirectory() && !['platform', 'kernel'].includes(e.name))
  .map((e) => e.name);

const contextZones = contexts.map((c) => ({
  // A context's code and its projections may import another context only through that
  // context's index.ts, or the pure events and rules in its domain/ folder (the published
  // language). Registrations (feature.ts), routes and handlers stay private.
  target: [`./src/${c}/**`, `./projections/${c}/**`],
  from: contexts.filter((o) => o !== c).flatMap((o) => [`./src/${o}/**`, `./projections/${o}/**`]),
  except: ['**/src/*/index.ts', '**/src/*/domain/**'],
  message: 'Import another context through its index.ts (or its pure domain/ files).',
}));

/** The dashboard's features (web/src/features/<feature>): each stands alone. */
const webFeatures = fs
  .readdirSync(new URL('./web/src/features/', import.meta.url), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);

const webFeatureZones = webFeatures.map((f) => ({
  target: [`./web/src/features/${f}/**`],
  from: webFeatures.filter((o) => o !== f).map((o) => `./web/src/features/${o}/**`),
  message: 'Features do not import each other: move what both need to web/src/lib or web/src/components.',
}));

export const boundaryZones = [
  {
    target: ['./src/platform/**'],
    from: ['./src/*/**', './src/*.ts', './projections/**'],
    except: ['**/src/platform/**', '**/src/kernel/**'],
    message: 'The platform imports no context: pass what it needs in (an interface, a callback).',
  },
  {
    target: ['./src/*/domain/**', './src/kernel/**'],
    from: ['./src/platform/**', './projections/**', './src/*/*.ts', './src/*.ts'],
    except: ['**/src/kernel/**'],
    message: 'Deciders and the kernel are pure: no platform, handlers, queries or projections.',
  },
  {
    target: ['./src/kernel/**'],
    from: ['./src/*/**'],
    except: ['**/src/kernel/**', '**/src/*/domain/**'],
    message: 'The kernel re-exports pure domain code only.',
  },
  {
    target: ['./web/src/**'],
    from: ['./src/**', './projections/**', './cli/**', './emails/**'],
    except: ['**/src/kernel/index.ts'],
    message: "The web imports its own code and the kernel ('@kernel') only.",
  },
  {
    target: ['./projections/**'],
    from: ['./src/*.ts', './src/*/feature.ts', './src/*/*-feature.ts', './src/*/*routes.ts'],
    message: 'Projections build read models from events: no routes or registrations.',
  },
  ...contextZones,
  ...webFeatureZones,
];

/** Packages that do I/O: a decider or the kernel never imports them. */
export const pureCodeBans = {
  paths: ['pg', 'pg-listen', 'fastify', '@eventstore/db-client', 'nodemailer', 'node:fs', 'fs', 'node:child_process', 'node:net'].map((name) => ({
    name,
    message: 'Pure code does no I/O: the handler around the decider does.',
  })),
};

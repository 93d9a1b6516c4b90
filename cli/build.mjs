// `npm run build:cli`: bundles the CLI into cli/dist, which cli/bin.mjs runs while it
// matches the sources (cli/bundle.mjs). Why: through tsx's loader, `spotter` took about
// 3.3 s and 3.7 CPU-seconds to start, nearly all of it loading some 330 TypeScript
// modules one by one; bundled, under a second. Packages stay in node_modules, loaded
// as they are. Each command is its own entry point, so a command still loads only its
// own code (cli/program.ts), sharing chunks with the others.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { commandFiles, DIST, ROOT, writeManifest } from './bundle.mjs';

fs.rmSync(DIST, { recursive: true, force: true });
const result = await build({
  absWorkingDir: ROOT,
  entryPoints: ['cli/main.tsx', ...commandFiles().map((file) => path.join('cli', 'commands', file))],
  outdir: DIST,
  outbase: 'cli',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  jsx: 'automatic',
  metafile: true,
  logLevel: 'warning',
});
// What the bundle was built from: our sources, and the settings that shape their compilation.
writeManifest([...Object.keys(result.metafile.inputs).filter((f) => !f.startsWith('node_modules/')), 'tsconfig.json', 'cli/build.mjs']);

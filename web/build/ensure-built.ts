/**
 * `npm start` (src/main.ts --build-web) runs this first: builds the dashboard only
 * when its sources changed since the last build (see source-hash.ts), so a second
 * start does not rebuild the same bundle. `tsx web/build/ensure-built.ts` runs it alone.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { projectRoot, sourceHash, stampFile } from './source-hash.ts';

export function ensureWebBuilt(): void {
  const built = fs.existsSync(stampFile) ? fs.readFileSync(stampFile, 'utf8').trim() : null;
  if (built === sourceHash() && fs.existsSync(path.join(projectRoot, 'web', 'dist', 'index.html'))) {
    console.log('Dashboard is up to date (its sources did not change since the last build).');
    return;
  }
  console.log('Building the dashboard (its sources changed or it was never built)…');
  // The build writes the new fingerprint itself (build/precompress.ts).
  execFileSync(process.execPath, [path.join(projectRoot, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], { cwd: projectRoot, stdio: 'inherit' });
}

if (import.meta.url === `file://${process.argv[1]}`) ensureWebBuilt();

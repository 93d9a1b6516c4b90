/**
 * The project's folder (the one holding its package.json), found from a module's URL by
 * walking up: the same answer whether the code runs from its sources (src/platform/…)
 * or from the CLI's bundle (cli/dist/…, cli/build.mjs), which sits at another depth.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export function projectRootOf(moduleUrl: string): string {
  const start = path.dirname(fileURLToPath(moduleUrl));
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${start}`);
  }
}

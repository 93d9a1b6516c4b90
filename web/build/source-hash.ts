/**
 * A fingerprint of everything that shapes the dashboard bundle: web/ (without dist/),
 * the shared domain code the dashboard imports, and the locked dependency versions.
 * Every build stores it in web/dist/.source-hash; `npm start` compares (ensure-built.ts).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
export const stampFile = path.join(projectRoot, 'web', 'dist', '.source-hash');
// The dashboard reaches server code only through src/kernel (the @kernel alias), which
// re-exports pure files from the contexts' domain/ folders: both shape the bundle.
const contextDomains = fs
  .readdirSync(path.join(projectRoot, 'src'), { withFileTypes: true })
  .filter((e) => e.isDirectory() && fs.existsSync(path.join(projectRoot, 'src', e.name, 'domain')))
  .map((e) => `src/${e.name}/domain`);
const inputs = ['web', 'src/kernel', ...contextDomains, 'package-lock.json'];

function filesUnder(p: string): string[] {
  const full = path.join(projectRoot, p);
  if (!fs.existsSync(full)) return [];
  if (!fs.statSync(full).isDirectory()) return [p];
  return fs
    .readdirSync(full, { withFileTypes: true })
    .filter((e) => !(p === 'web' && e.name === 'dist') && e.name !== 'node_modules')
    .flatMap((e) => filesUnder(path.join(p, e.name)));
}

export function sourceHash(): string {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap(filesUnder).sort()) {
    hash
      .update(file)
      .update('\0')
      .update(fs.readFileSync(path.join(projectRoot, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

// The CLI's bundle (cli/dist): what it was built from, and whether it still matches.
// Plain JavaScript, as its readers are: cli/bin.mjs before any loader is registered,
// and cli/build.mjs.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const DIST = path.join(ROOT, 'cli', 'dist');
const MANIFEST = path.join(DIST, 'manifest.json');

/** The command modules (cli/commands/*.ts[x], tests aside), as cli/program.ts finds them. */
export function commandFiles() {
  return fs
    .readdirSync(path.join(ROOT, 'cli', 'commands'))
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .sort();
}

/** Their names, without the extension. */
export function commandNames() {
  return commandFiles().map((f) => f.replace(/\.tsx?$/, ''));
}

/** One hash over the named files' contents (paths relative to the project). */
export function hashOf(files) {
  const hash = crypto.createHash('sha256');
  for (const file of [...files].sort())
    hash
      .update(`${file}\0`)
      .update(fs.readFileSync(path.join(ROOT, file)))
      .update('\0');
  return hash.digest('hex');
}

export function writeManifest(inputs, file = MANIFEST) {
  fs.writeFileSync(file, JSON.stringify({ inputs, hash: hashOf(inputs), commands: commandNames() }));
}

/**
 * True when cli/dist was built from the sources as they are now: every file it was
 * built from has the same contents, and cli/commands holds the same commands. Reading
 * them costs about 20 ms of CPU; a stale bundle would run code that no longer exists.
 */
export function bundleIsCurrent(file = MANIFEST) {
  try {
    const manifest = JSON.parse(fs.readFileSync(file, 'utf8'));
    return hashOf(manifest.inputs) === manifest.hash && JSON.stringify(commandNames()) === JSON.stringify(manifest.commands);
  } catch {
    // No bundle, or a file it was built from is gone.
    return false;
  }
}

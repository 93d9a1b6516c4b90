/**
 * The CLI's bundle is run only while it matches the sources (cli/bundle.mjs): a changed
 * file, a new or removed command, or a file gone makes `spotter` run the sources instead.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleIsCurrent, commandNames, writeManifest } from '../cli/bundle.mjs';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spotter-cli-bundle-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const manifestWith = (change: (m: { inputs: string[]; hash: string; commands: string[] }) => void) => {
  const file = path.join(dir, `manifest-${Math.random().toString(36).slice(2)}.json`);
  writeManifest(['package.json', 'cli/program.ts'], file);
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8'));
  change(manifest);
  fs.writeFileSync(file, JSON.stringify(manifest));
  return file;
};

describe('the CLI bundle', () => {
  it('is current when its sources and commands are as it was built from', () => {
    expect(commandNames()).toContain('status');
    expect(bundleIsCurrent(manifestWith(() => {}))).toBe(true);
  });

  it('is not current once a source differs, a command comes or goes, or a source is gone', () => {
    expect(bundleIsCurrent(manifestWith((m) => void (m.hash = m.hash.replace(/^./, (c) => (c === '0' ? '1' : '0')))))).toBe(false);
    expect(bundleIsCurrent(manifestWith((m) => void m.commands.push('newcommand')))).toBe(false);
    expect(bundleIsCurrent(manifestWith((m) => void (m.commands = m.commands.filter((c) => c !== 'status'))))).toBe(false);
    expect(bundleIsCurrent(manifestWith((m) => void m.inputs.push('cli/no-such-file.ts')))).toBe(false);
    expect(bundleIsCurrent(path.join(dir, 'missing.json'))).toBe(false);
  });
});

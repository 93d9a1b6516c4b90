import { describe, expect, it } from 'vitest';
import { buildProgram, loadCommands } from '../cli/program.ts';

describe('spotter program', () => {
  it('registers one subcommand per module in cli/commands with its arguments and options', async () => {
    const program = buildProgram(await loadCommands());
    const byName = new Map(program.commands.map((c) => [c.name(), c]));
    expect([...byName.keys()]).toEqual(expect.arrayContaining(['events', 'replay', 'status']));
    expect(byName.get('status')!.options.map((o) => o.long)).toContain('--json');
    expect(byName.get('replay')!.registeredArguments.map((a) => [a.name(), a.required])).toEqual([['projection', false]]);
    const events = byName.get('events')!;
    expect(events.options.map((o) => o.long)).toEqual(['--type', '--stream', '--limit', '--json']);
    expect(events.getOptionValue('limit')).toBe(20);
    expect(byName.get('export')!.options.map((o) => o.long)).toEqual(['--athlete', '--layout', '--unit', '--records', '--team', '--coach', '--range', '--mode', '--user', '--out']);
    expect(byName.get('retention')!.options.map((o) => o.long)).toEqual(['--dry-run', '--yes', '--json']);
    expect(byName.get('webhooks')!.options.map((o) => o.long)).toEqual(['--coach', '--deliveries', '--json']);
  });

  it('loads only the named command when its module exists, and every command otherwise', async () => {
    expect((await loadCommands(undefined, 'status')).map((c) => c.name)).toEqual(['status']);
    const all = (await loadCommands()).map((c) => c.name);
    expect(all.length).toBeGreaterThan(10);
    for (const other of ['help', '--json', 'nosuch', undefined]) expect((await loadCommands(undefined, other)).map((c) => c.name)).toEqual(all);
  });
});

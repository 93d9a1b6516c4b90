/**
 * Builds the `spotter` commander program from the command modules in
 * `cli/commands/`: adding a command is adding a file, as with pastel.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Command } from 'commander';
import { isCliCommand, UsageError, type CliCommand } from './command.ts';
import { projectRootOf } from '../src/platform/project-root.ts';

const commandsDir = fileURLToPath(new URL('./commands/', import.meta.url));
/** A command module: TypeScript in the sources, .mjs in the CLI's bundle (cli/build.mjs). */
const MODULE = /\.(tsx?|mjs)$/;

/**
 * The command modules: all of them, or with `name` only the one of that file name when
 * there is one. A module brings its own logic and views (seed, backup, export…), and
 * loading all seventeen was a fifth of starting `spotter status`; the overview, `help`
 * and an unknown command still see every command.
 */
export async function loadCommands(dir = commandsDir, name?: string): Promise<CliCommand[]> {
  const files = (await fs.readdir(dir)).filter((f) => MODULE.test(f) && !/\.test\.tsx?$/.test(f)).sort();
  const own = files.filter((f) => f.replace(MODULE, '') === name);
  if (own.length === 1) {
    const [command] = await importCommands(dir, own);
    if (command.name === name) return [command];
  }
  return importCommands(dir, files);
}

async function importCommands(dir: string, files: string[]): Promise<CliCommand[]> {
  const commands: CliCommand[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as { default?: unknown };
    if (!isCliCommand(mod.default)) throw new Error(`cli/commands/${file} must default-export a command (see cli/command.ts)`);
    commands.push(mod.default);
  }
  return commands;
}

export function buildProgram(commands: CliCommand[]): Command {
  const { version } = createRequire(import.meta.url)(path.join(projectRootOf(import.meta.url), 'package.json')) as { version: string };
  const program = new Command('spotter')
    .description(
      'Staff tools for Spotter: assign templates to many athletes, send weekly recaps, list templates and athletes, seed data, projection status and replays, event streams, parked events, webhooks, backups and the database',
    )
    .version(version)
    .showHelpAfterError()
    .addHelpText('after', `\nExit codes: 0 done; 1 failed (or some items did, listed); 2 bad arguments (nothing done).\nEvery command takes --help; most take --json.`);
  // An unknown or missing command is a bad argument too: 2, as for the subcommands.
  program.exitOverride((err) => process.exit(err.exitCode === 0 ? 0 : 2));

  for (const c of commands) {
    const sub = program.command(c.name).description(c.description);
    if (c.examples?.length) sub.addHelpText('after', `\nExamples:\n${c.examples.map((e) => `  ${e}`).join('\n')}`);
    // Bad arguments exit with 2 (commander's own default is 1), as scripts expect.
    sub.exitOverride((err) => process.exit(err.exitCode === 0 ? 0 : 2));
    for (const a of c.arguments ?? []) sub.argument(a.required ? `<${a.name}>` : `[${a.name}]`, a.description);
    for (const o of c.options ?? []) {
      if (o.parse) sub.option(o.flags, o.description, o.parse, o.default);
      else sub.option(o.flags, o.description, o.default as string | boolean | undefined);
    }
    sub.action(async (...received: unknown[]) => {
      // commander passes the positional arguments, then the options, then the command.
      const positional = received.slice(0, c.arguments?.length ?? 0) as (string | undefined)[];
      const options = sub.opts();
      try {
        process.exitCode = await c.run({ args: positional, options });
      } catch (e) {
        process.stderr.write(`spotter ${c.name}: ${(e as Error).message}\n`);
        process.exitCode = e instanceof UsageError ? 2 : 1;
      }
    });
  }
  return program;
}

/**
 * What a command module (`cli/commands/<name>.tsx`) default-exports. The program
 * (program.ts) turns it into a commander subcommand; the command's `run` only wires
 * options to a logic function in `cli/lib/` and renders its Ink view.
 */
import { InvalidArgumentError } from 'commander';

export interface CliArgument {
  name: string;
  description: string;
  required?: boolean;
}

export interface CliOption {
  /** Commander flags, e.g. `--limit <n>`. */
  flags: string;
  description: string;
  default?: string | number | boolean;
  /** Parses and validates the raw value; throw `InvalidArgumentError` to reject it. */
  parse?: (value: string) => unknown;
}

export interface CliInput<O> {
  /** Positional arguments in the declared order; optional ones may be undefined. */
  args: (string | undefined)[];
  options: O;
}

export interface CliCommand<O extends Record<string, unknown> = Record<string, unknown>> {
  name: string;
  description: string;
  arguments?: CliArgument[];
  options?: CliOption[];
  /** Shown under `--help`: whole command lines with a short comment. */
  examples?: string[];
  /** Resolves to the process exit code. */
  run(input: CliInput<O>): Promise<number>;
}

/** Identity function that checks a command module's shape and infers its options type. */
export function defineCommand<O extends Record<string, unknown>>(command: CliCommand<O>): CliCommand<O> {
  return command;
}

export function isCliCommand(value: unknown): value is CliCommand {
  if (typeof value !== 'object' || value === null) return false;
  const c = value as Partial<CliCommand>;
  return typeof c.name === 'string' && typeof c.description === 'string' && typeof c.run === 'function';
}

/** A wrong argument found by the command itself: exit code 2, nothing done. */
export class UsageError extends Error {
  readonly exitCode = 2;
}

/** Option parser for counts such as `--limit`. */
export function positiveInteger(max: number): (value: string) => number {
  return (value) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1 || n > max) throw new InvalidArgumentError(`expected a whole number from 1 to ${max}, got "${value}"`);
    return n;
  };
}

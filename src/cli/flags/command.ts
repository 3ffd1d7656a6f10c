/**
 * A command as data: its description, positional arguments, flag table and action. main.ts mounts it
 * on commander; the reference page (docs/reference/cli.md) is written from the same data. The action
 * loads the modules that do the work, so declaring a command costs no more than its table.
 */

import type { Command } from 'commander';
import { optionsOf, type FlagTable, type FlagValues } from './table.js';

export interface ArgumentSpec {
  /** `<name>`, `[name]` or `<name...>`, as commander writes them. */
  name: string;
  help: string;
  default?: string;
}

export interface CommandSpec<T extends FlagTable = FlagTable, A extends unknown[] = never[]> {
  description: string;
  arguments?: readonly ArgumentSpec[];
  flags: T;
  /** Runs the command; the exit code it returns becomes the process's. */
  action: (flags: FlagValues<T>, ...args: A) => Promise<number> | number;
}

/** A command that only groups others (`mcpgate golden draft`, `mcpgate baseline accept`). */
export interface CommandGroupSpec {
  description: string;
  subcommands: Readonly<Record<string, AnyCommandSpec>>;
}

/** Any command, its flag and argument types erased: what main.ts and the reference page handle. */
export interface AnyCommandSpec {
  description: string;
  arguments?: readonly ArgumentSpec[];
  flags: FlagTable;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  action: (flags: any, ...args: any[]) => Promise<number> | number;
}

/** Identity, for inference: the action's flags get the type derived from the table. */
export function defineCommand<T extends FlagTable, A extends unknown[] = never[]>(spec: CommandSpec<T, A>): CommandSpec<T, A> {
  return spec;
}

export function isGroup(spec: AnyCommandSpec | CommandGroupSpec): spec is CommandGroupSpec {
  return 'subcommands' in spec;
}

export function mount(command: Command, spec: AnyCommandSpec | CommandGroupSpec): void {
  command.description(spec.description);
  if (isGroup(spec)) {
    for (const [name, sub] of Object.entries(spec.subcommands)) mount(command.command(name), sub);
    return;
  }
  for (const argument of spec.arguments ?? []) command.argument(argument.name, argument.help, argument.default);
  for (const option of optionsOf(spec.flags)) command.addOption(option);
  const positional = spec.arguments?.length ?? 0;
  command.action(async (...received: unknown[]) => {
    const flags = received[positional];
    process.exitCode = await spec.action(flags, ...received.slice(0, positional));
  });
}

/**
 * The option groups several commands share, declared once: the target group (which server, and how
 * to reach it) and the display group (how much to print, in colour or not). The output group is in
 * outputs.ts. A command passes its own help text where the meaning differs for it; the flags, their
 * parsing and their defaults stay the same everywhere.
 */

import { Option, type Command } from 'commander';
import { DEFAULT_TIMEOUT_MS } from '../pipeline/defaults.js';
import { collect, collectEnv, collectHeader, positiveInteger } from './parse.js';

/** The server and how to reach it. */
export interface ServerFlags {
  url?: string;
  stdio?: string;
  env: Record<string, string | undefined>;
  header: Record<string, string>;
  timeout: number;
}

/** The server, and the tools a command may call on it beyond the read-only ones. */
export interface TargetFlags extends ServerFlags {
  allowTool: string[];
}

export interface TargetHelp {
  url?: string;
  stdio?: string;
  timeout?: string;
  /** `--url` may be repeated (several instances of one server): the flag then holds a list. */
  repeatUrl?: boolean;
  /** What `--allow-tool` lets the command call; a command that calls no tool has no `--allow-tool`. */
  allowTool?: string;
}

export function targetOptions(help: TargetHelp): Option[] {
  const url = new Option('--url <url>', help.url ?? 'Streamable HTTP endpoint of the server, e.g. http://127.0.0.1:3000/mcp');
  if (help.repeatUrl) url.argParser(collect).default([], 'none');
  const options = [
    url,
    new Option('--stdio <command>', help.stdio ?? 'command line that starts the server on stdio, e.g. "node server.js"'),
    new Option(
      '--env <name[=value]>',
      "a variable for the --stdio server, which otherwise gets only PATH, HOME, the locale and the like (repeatable; NAME alone passes mcpgate's value)",
    )
      .argParser(collectEnv)
      .default({}, 'none'),
    new Option(
      '--header <header>',
      'extra HTTP header on every request, e.g. "Authorization: Bearer $TOKEN" (repeatable; never shown in any output)',
    )
      .argParser(collectHeader)
      .default({}, 'none'),
    new Option('--timeout <ms>', help.timeout ?? 'per-request timeout in milliseconds')
      .argParser(positiveInteger('--timeout'))
      .default(DEFAULT_TIMEOUT_MS),
  ];
  if (help.allowTool)
    options.push(new Option('--allow-tool <name>', `${help.allowTool} (repeatable)`).argParser(collect).default([], 'none'));
  return options;
}

export interface DisplayFlags {
  color: boolean;
  verbose?: boolean;
  quiet?: boolean;
}

/** --quiet of the commands whose report has layer 0's coverage line (cli/display.ts says why it stays). */
export const QUIET_WITH_COVERAGE = 'print only the verdict line, with the coverage line above it when layer 0 left something out';

export function displayOptions(help: { verbose: string; quiet?: string }): Option[] {
  return [
    new Option('--no-color', 'plain output without ANSI colours (also when NO_COLOR is set or the output is not a terminal)'),
    new Option('--verbose', help.verbose).conflicts('quiet'),
    new Option('--quiet', help.quiet ?? 'print only the verdict line'),
  ];
}

export function addOptions(command: Command, ...groups: Option[][]): Command {
  for (const group of groups) for (const option of group) command.addOption(option);
  return command;
}

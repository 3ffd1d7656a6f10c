/**
 * docs/reference/cli.md, written from the commands' flag tables: every command, its arguments and
 * every flag with its default and the mcpgate.yaml key it mirrors. A flag added to a table is on the
 * page at the next `npm run docs`; test/unit/cli/reference.test.ts fails while the page is stale.
 */

import { EXIT_MEANINGS, exitBadge, INTERRUPTED_MEANING, type ExitCode } from '../../shared/exit-codes.js';
import type { AnyFlag } from '../flags/flag.js';
import { isGroup, type AnyCommandSpec, type CommandGroupSpec } from '../flags/command.js';
import { code, generatedNotice, table } from './markdown.js';

export interface NamedCommand {
  name: string;
  command: AnyCommandSpec | CommandGroupSpec;
}

function defaultOf(name: string, flag: AnyFlag): string {
  const fallback = flag.fields.default;
  // A negated switch's default is the feature it turns off: on.
  if (name.startsWith('no-')) return '';
  if (!fallback) return flag.fields.mandatory ? 'required' : '';
  if (fallback.label !== undefined) return fallback.label;
  return typeof fallback.value === 'string' ? fallback.value : JSON.stringify(fallback.value);
}

function flagRow(name: string, flag: AnyFlag): string[] {
  const { argument, help, choices, mirrors, repeatable } = flag.fields;
  const shown = code(argument ? `--${name} ${argument}` : `--${name}`);
  const meaning = [help, choices ? `one of ${choices.map(code).join(', ')}` : '', repeatable && !/repeat/.test(help) ? 'repeatable' : '']
    .filter(Boolean)
    .join('; ');
  return [shown, defaultOf(name, flag), mirrors ? code(mirrors) : '', meaning];
}

function commandSection(path: string, spec: AnyCommandSpec): string {
  const args = (spec.arguments ?? []).map((argument) => ` ${argument.name}`).join('');
  const parts = [`## mcpgate ${path}`, '', spec.description, '', '```sh', `mcpgate ${path}${args} [flags]`, '```'];
  if (spec.arguments?.length) {
    parts.push(
      '',
      table(
        ['argument', 'default', 'meaning'],
        spec.arguments.map((a) => [code(a.name), a.default ?? '', a.help]),
      ),
    );
  }
  const rows = Object.entries(spec.flags).map(([name, flag]) => flagRow(name, flag));
  parts.push('', table(['flag', 'default', 'mcpgate.yaml', 'meaning'], rows));
  return parts.join('\n');
}

function sections(path: string, spec: AnyCommandSpec | CommandGroupSpec): string[] {
  if (!isGroup(spec)) return [commandSection(path, spec)];
  return Object.entries(spec.subcommands).flatMap(([name, sub]) => sections(`${path} ${name}`, sub));
}

export function cliPage(commands: readonly NamedCommand[]): string {
  const exitRows = Object.entries(EXIT_MEANINGS).map(([n, meaning]) => [String(n), exitBadge(Number(n) as ExitCode), meaning]);
  exitRows.push(['130', '', INTERRUPTED_MEANING]);
  return [
    generatedNotice('the flag tables in src/cli/*-command.ts'),
    '',
    '# Command-line reference',
    '',
    'Every command and flag of `mcpgate`, in the order `mcpgate --help` lists them. A flag with an',
    '`mcpgate.yaml` key means what that key means ([configuration reference](config.md)); `mcpgate run`',
    'reads the key, and its own flags override it.',
    '',
    '## Exit codes',
    '',
    table(['code', 'badge', 'meaning'], exitRows),
    '',
    ...commands.flatMap(({ name, command }) => sections(name, command).map((section) => `${section}\n`)),
  ].join('\n');
}

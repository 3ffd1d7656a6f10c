/**
 * The flag tables: commander stores each flag's value under the name the type system derives for it,
 * every mirrored mcpgate.yaml key exists, a repeated flag collects, and one flag name means one thing
 * in every command that takes it.
 */

import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../../src/cli/commands.js';
import { isGroup, mount, type AnyCommandSpec, type CommandGroupSpec } from '../../../src/cli/flags/command.js';
import { Flag } from '../../../src/cli/flags/flag.js';
import { attributeName, optionOf } from '../../../src/cli/flags/table.js';
import { CONFIG_SCHEMA } from '../../../src/pipeline/config-schema.js';
import { positiveInteger } from '../../../src/cli/parse.js';

async function allCommands(): Promise<Array<{ path: string; spec: AnyCommandSpec }>> {
  const found: Array<{ path: string; spec: AnyCommandSpec }> = [];
  const visit = (path: string, spec: AnyCommandSpec | CommandGroupSpec): void => {
    if (isGroup(spec)) for (const [name, sub] of Object.entries(spec.subcommands)) visit(`${path} ${name}`, sub);
    else found.push({ path, spec });
  };
  for (const entry of COMMANDS) visit(entry.name, (await entry.load()).command);
  return found;
}

/** The keys of mcpgate.yaml as `section.key` (and `section.sub.key` inside a section such as server.oauth), read from the schema at run time. */
function configKeys(): Set<string> {
  const keys = new Set<string>();
  const visit = (prefix: string, schema: unknown): void => {
    const inner = (schema as { unwrap?: () => { shape?: Record<string, unknown> } }).unwrap?.();
    for (const [key, value] of Object.entries(inner?.shape ?? {})) {
      keys.add(`${prefix}.${key}`);
      visit(`${prefix}.${key}`, value);
    }
  };
  for (const [section, schema] of Object.entries(CONFIG_SCHEMA.shape)) visit(section, schema);
  return keys;
}

describe('flag tables', () => {
  it('commander stores every flag of every command under the name FlagValues gives it', async () => {
    const commands = await allCommands();
    expect(commands.length).toBeGreaterThanOrEqual(14);
    for (const { path, spec } of commands) {
      for (const [name, flag] of Object.entries(spec.flags)) {
        expect(optionOf(name, flag).attributeName(), `${path} --${name}`).toBe(attributeName(name));
      }
    }
  });

  it('derives the attribute names as commander does, negated switches included', () => {
    expect(attributeName('max-run-sampling-calls')).toBe('maxRunSamplingCalls');
    expect(attributeName('no-color')).toBe('color');
    expect(attributeName('report')).toBe('report');
  });

  it('every mirrored mcpgate.yaml key exists', async () => {
    const keys = configKeys();
    expect(keys.has('check.max_calls')).toBe(true);
    expect(keys.has('server.oauth.client_id')).toBe(true);
    const mirrors = (await allCommands()).flatMap(({ spec }) => Object.values(spec.flags).flatMap((flag) => flag.fields.mirrors ?? []));
    expect(mirrors.length).toBeGreaterThan(20);
    for (const key of mirrors) expect(keys.has(key), key).toBe(true);
  });

  it('one flag name takes one kind of value in every command (a value or none, repeatable or not, the same choices)', async () => {
    // Deliberate differences, each with its reason: bench spreads load over several --url; golden draft
    // drafts with one --model; gate --json names a file where overlap and migrate-scan --json print JSON.
    const exceptions = new Set(['bench --url', 'golden draft --model', 'gate --json']);
    const seen = new Map<string, { path: string; shape: string }>();
    for (const { path, spec } of await allCommands()) {
      for (const [name, flag] of Object.entries(spec.flags)) {
        if (exceptions.has(`${path} --${name}`)) continue;
        const { argument, repeatable, choices } = flag.fields;
        const takes = argument === undefined ? 'no value' : argument.startsWith('[') ? 'an optional value' : 'a value';
        const shape = JSON.stringify({ takes, repeatable: repeatable ?? false, choices: choices ?? null });
        const first = seen.get(name);
        if (!first) seen.set(name, { path, shape });
        else expect(shape, `--${name} in ${path} and ${first.path}`).toBe(first.shape);
      }
    }
  });

  it('mounts a table on commander: defaults, repeatable values, parse errors naming the flag', async () => {
    const program = new Command().exitOverride();
    let received: Record<string, unknown> = {};
    mount(program.command('try'), {
      description: 'a test command',
      flags: {
        'max-things': Flag.value('<n>', 'things', positiveInteger).default(3),
        tag: Flag.list('<name>', 'tags'),
        'no-color': Flag.negated('plain'),
        fast: Flag.switch('go fast'),
      },
      action: (flags) => {
        received = flags;
        return 0;
      },
    });
    await program.parseAsync(['try', '--tag', 'a', '--tag', 'b', '--no-color'], { from: 'user' });
    expect(received).toEqual({ maxThings: 3, tag: ['a', 'b'], color: false });
    await program.parseAsync(['try', '--max-things', '7', '--fast'], { from: 'user' });
    expect(received).toMatchObject({ maxThings: 7, fast: true, tag: [], color: true });
    await expect(program.parseAsync(['try', '--max-things', 'x'], { from: 'user' })).rejects.toThrow(
      '--max-things needs a positive integer, got "x"',
    );
  });

  it("run's overriding flags have no default of their own and say which key they replace", async () => {
    const run = (await allCommands()).find(({ path }) => path === 'run')!.spec;
    const rounds = run.flags['max-rounds']!;
    expect(rounds.fields.default).toBeUndefined();
    expect(rounds.fields.help).toMatch(/instead of eval\.max_rounds$/);
    expect(run.flags.root!.fields.default?.value).toEqual([]);
  });
});

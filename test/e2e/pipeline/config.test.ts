/**
 * mcpgate.yaml through `mcpgate run`: every problem is exit 2 with one positioned problem per line and
 * no internal error, and nothing runs until the whole config and every file it names has been read.
 */

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configTemplate } from '../../../src/cli/init/templates.js';
import { parseConfig } from '../../../src/pipeline/config.js';
import { FORMAT_NAMES } from '../../../src/report/formats.js';
import { runCli, tempDir } from '../../helpers/cli.js';
import { closedPortUrl } from '../../helpers/fake-servers.js';

function configFile(text: string): string {
  const file = join(tempDir(), 'mcpgate.yaml');
  writeFileSync(file, text);
  return file;
}

/** Runs `mcpgate run` and returns the problem lines (without the `mcpgate: ` prefix of the first). */
async function problems(text: string, env?: NodeJS.ProcessEnv): Promise<{ file: string; code: number | null; lines: string[] }> {
  const file = configFile(text);
  const run = await runCli(['run', '--config', file], env ? { env } : {});
  expect(run.stdout).toBe('');
  expect(run.stderr).not.toContain('internal error');
  expect(run.stderr).not.toMatch(/\n\s+at .+:\d+:\d+/);
  return {
    file,
    code: run.code,
    lines: run.stderr
      .replace(/^mcpgate: /, '')
      .trimEnd()
      .split('\n'),
  };
}

describe('mcpgate.yaml problems are exit 2, one per line, each with its position', () => {
  it('an unknown key: line and column of the key, and the key it was probably meant to be', async () => {
    const { file, code, lines } = await problems(
      'server:\n  url: http://127.0.0.1:1/mcp\n  timout_ms: 500\ncheck:\n  strict: true\nrepot:\n  dir: out\n',
    );
    expect(code).toBe(2);
    expect(lines).toEqual([
      `${file}:3:3: server.timout_ms is not a key (did you mean "timeout_ms"?)`,
      `${file}:6:1: repot is not a key (did you mean "report"?)`,
    ]);
  });

  it('a value of the wrong type says what was expected and what the key is for', async () => {
    const { file, code, lines } = await problems(
      'server:\n  url: http://127.0.0.1:1/mcp\neval:\n  runs: five\n  soft_floor: 2\n  models: [baseline, 7]\n',
    );
    expect(code).toBe(2);
    expect(lines).toEqual([
      `${file}:4:9: eval.runs must be a positive integer (samples per case), got the string "five"`,
      `${file}:5:15: eval.soft_floor must be a number above 0 and at most 1 (share of runs a soft case must pass), got the number 2`,
      `${file}:6:22: eval.models must be a list of strings (provider:model ids; baseline for the lexical baseline); eval.models[1] is the number 7`,
    ]);
  });

  it('an unknown report format names the formats there are, and the closest one', async () => {
    const { file, code, lines } = await problems('server:\n  url: http://127.0.0.1:1/mcp\nreport:\n  formats: [json, htm]\n');
    expect(code).toBe(2);
    expect(lines).toEqual([
      `${file}:4:19: report.formats must be a list of ${FORMAT_NAMES.join(', ')} (report formats written besides JSON); report.formats[1] is the string "htm" (did you mean "html"?)`,
    ]);
  });

  it('an unknown cache mode is checked against the cache modes there are', async () => {
    const { code, lines } = await problems('server:\n  url: http://127.0.0.1:1/mcp\neval:\n  cache: writ\n');
    expect(code).toBe(2);
    expect(lines).toEqual([
      expect.stringMatching(
        /:4:10: eval\.cache must be one of off, read, write, refresh \(model response cache\), got the string "writ" \(did you mean "write"\?\)$/,
      ),
    ]);
  });

  it('__proto__, constructor and prototype are refused as keys anywhere', async () => {
    const { file, code, lines } = await problems(
      'server:\n  url: http://127.0.0.1:1/mcp\n  headers:\n    __proto__: {polluted: yes}\n    constructor: x\n__proto__:\n  strict: true\n',
    );
    expect(code).toBe(2);
    expect(lines).toEqual([
      `${file}:4:5: "__proto__" is not allowed as a key (rename or remove it)`,
      `${file}:5:5: "constructor" is not allowed as a key (rename or remove it)`,
      `${file}:6:1: "__proto__" is not allowed as a key (rename or remove it)`,
    ]);
  });

  it('a YAML alias bomb is refused before it expands', async () => {
    const levels = ['a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]'];
    for (const [i, name] of [...'bcdefghi'].entries()) levels.push(`${name}: &${name} [${Array(9).fill(`*${'abcdefgh'[i]}`).join(', ')}]`);
    const { file, code, lines } = await problems(`${levels.join('\n')}\nserver:\n  url: http://127.0.0.1:1/mcp\n`);
    expect(code).toBe(2);
    expect(lines).toEqual([`${file}:1:1: YAML alias problem: Excessive alias count indicates a resource exhaustion attack`]);
  });

  it('an unset ${VAR} names the variable at the value that uses it', async () => {
    const { file, code, lines } = await problems(
      'server:\n  url: http://127.0.0.1:1/mcp\n  headers:\n    Authorization: "Bearer ${MCPGATE_TEST_UNSET_TOKEN}"\n',
    );
    expect(code).toBe(2);
    expect(lines).toEqual([
      `${file}:4:20: server.headers.Authorization: environment variable MCPGATE_TEST_UNSET_TOKEN is not set (export it, or remove the reference)`,
    ]);
  });

  it('a server needs exactly one of url and stdio, and only a stdio server takes env', async () => {
    const both = await problems('server:\n  url: http://127.0.0.1:1/mcp\n  stdio: node server.js\n');
    expect(both.code).toBe(2);
    expect(both.lines).toEqual([`${both.file}:1:1: server needs exactly one of url or stdio`]);
    const env = await problems('server:\n  url: http://127.0.0.1:1/mcp\n  env:\n    TOKEN: abc\n');
    expect(env.code).toBe(2);
    expect(env.lines).toEqual([
      `${env.file}:3:3: server.env is for a server started with stdio; an HTTP server runs with its own environment`,
    ]);
  });
});

describe('nothing runs before the whole config has been checked', () => {
  it('chaos.faults without eval.models is exit 2, not the exit 3 of the server nobody listens on', async () => {
    const { file, code, lines } = await problems(`server:\n  url: ${await closedPortUrl()}\nchaos:\n  faults: faults.yaml\n`);
    expect(code).toBe(2);
    expect(lines).toEqual([`${file}:4:3: chaos.faults needs eval.models: the scenarios run a model`]);
  });

  it('a golden set that cannot be read is exit 2 before the unreachable server is tried', async () => {
    const { code, lines } = await problems(
      `server:\n  url: ${await closedPortUrl()}\neval:\n  golden: no-such-golden.yaml\n  models: [baseline]\n`,
    );
    expect(code).toBe(2);
    expect(lines.join('\n')).toContain('no-such-golden.yaml');
  });

  it('a faults file with a mistake is exit 2 before the unreachable server is tried', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'tasks.yaml'), '- id: hello\n  prompt: hi\n  expect_tool: null\n');
    writeFileSync(join(dir, 'faults.yaml'), 'scenarios:\n  - id: broken\n    tool: get_weather\n    faul: http-500\n');
    const { code, lines } = await problems(
      `server:\n  url: ${await closedPortUrl()}\neval:\n  golden: ${join(dir, 'tasks.yaml')}\n  models: [baseline]\nchaos:\n  faults: ${join(dir, 'faults.yaml')}\n`,
    );
    expect(code).toBe(2);
    expect(lines.join('\n')).toContain(join(dir, 'faults.yaml'));
  });

  it('a model whose API key is not set is exit 4 before the unreachable server is tried', async () => {
    const golden = join(tempDir(), 'tasks.yaml');
    writeFileSync(golden, '- id: hello\n  prompt: hi\n  expect_tool: null\n');
    const { code, lines } = await problems(
      `server:\n  url: ${await closedPortUrl()}\neval:\n  golden: ${golden}\n  models: [openai:gpt-4.1-mini]\n`,
      { OPENAI_API_KEY: '' },
    );
    expect(code).toBe(4);
    expect(lines.join('\n')).toContain('OPENAI_API_KEY');
  });
});

describe('the config mcpgate init writes', () => {
  it('loads, for a URL and for a stdio command', () => {
    const http = parseConfig(configTemplate({ url: 'http://127.0.0.1:3000/mcp' }), 'mcpgate.yaml', {});
    expect(http.server).toEqual({ url: 'http://127.0.0.1:3000/mcp' });
    expect(http.eval).toMatchObject({ golden: 'golden/tasks.yaml', models: ['baseline'], runs: 5, cache: 'write' });
    expect(http.report?.formats).toEqual(FORMAT_NAMES);
    const stdio = parseConfig(configTemplate({ stdio: 'node build/server.js --flag "a b"' }), 'mcpgate.yaml', {});
    expect(stdio.server?.stdio).toBe('node build/server.js --flag "a b"');
  });
});

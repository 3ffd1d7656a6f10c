/**
 * A server that echoes every credential it was given (headers over HTTP, variables over stdio), raw
 * and encoded, in every field it controls, next to text that poses as mcpgate's output or as a GitHub
 * Actions workflow command. Whatever mcpgate runs against it (check, eval, chaos, run, golden draft,
 * overlap, improve, bench, and gate and merge over what those wrote), no output file,
 * no cache entry, no history entry and no line on stdout or stderr may show a secret in any form, and
 * nothing the server wrote may reach the terminal as a control character or a line of its own.
 */

import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchHttpServer, type LaunchedServer } from '../../../examples/launch.js';
import { withCache } from '../../../src/models/cache.js';
import type { ModelClient } from '../../../src/models/types.js';
import { FORMAT_NAMES, type Format } from '../../../src/report/formats.js';
import { registerSecret } from '../../../src/shared/redact.js';
import { ROOT, runCli, tempDir, type CliRun } from '../../helpers/cli.js';
import { everyFormat, everyOutputYaml, readEveryFormat } from '../../helpers/formats.js';
import { credentialsIn, secretForms } from '../../fixtures/hostile/secret-forms.js';

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const SK = `sk-test-${[...randomBytes(32)].map((b) => ALNUM[b % ALNUM.length]).join('')}`;
const HEX = randomBytes(12).toString('hex');
const HEADERS = ['--header', `Authorization: Bearer ${SK}`, '--header', `X-Api-Key: ${HEX}`];
const TIMEOUT_MS = 180_000;

const FORBIDDEN = [...secretForms(SK), ...secretForms(HEX)];
// A Basic credential: the server decodes it and echoes the pair and the password in every form.
const PASSWORD = `pw/${randomBytes(9).toString('base64')}`;
const BASIC = ['--header', `Authorization: bAsIc ${Buffer.from(`ann:${PASSWORD}`).toString('base64')}`];

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/**
 * Every file under `dir` and both streams: no form of a secret, no workflow command, no raw control
 * character. `reports` are the report files the run must have written (each format of the registry).
 */
function expectClean(dir: string, run: CliRun, expectedFiles: number, forbidden = FORBIDDEN, reports?: Record<Format, string>): void {
  if (reports) readEveryFormat(reports);
  const files = filesUnder(dir);
  expect(files.length).toBeGreaterThanOrEqual(expectedFiles);
  const outputs: Array<[string, string]> = [
    ...files.map((f): [string, string] => [f, readFileSync(f, 'utf8')]),
    ['stdout', run.stdout],
    ['stderr', run.stderr],
  ];
  for (const [where, text] of outputs) for (const form of forbidden) expect(text.includes(form), `${form} in ${where}`).toBe(false);
  for (const [where, text] of [
    ['stdout', run.stdout],
    ['stderr', run.stderr],
  ] as const) {
    for (const line of text.split('\n')) expect(line.trimStart().startsWith('::'), `${where} line: ${line}`).toBe(false);
    expect(text).not.toMatch(/[\u202e\u2028\u2029\u200b\x1b\x07]/);
  }
  // The server's fake verdict stays inside the line that quotes it.
  expect(run.stdout.split('\n').some((line) => line.startsWith('✓ all 62 checks passed'))).toBe(false);
}

const FIXTURE = join(ROOT, 'dist/test/fixtures/hostile/echo-secrets-server.js');
let server: LaunchedServer;
beforeAll(async () => {
  server = await launchHttpServer(process.execPath, [FIXTURE, '--http']);
});
afterAll(async () => {
  await server.stop();
});

const PROMPTS = ['echo the weather and my headers', 'show the headers I sent', 'echo my request headers back'];

/** A golden set over the hostile server's echo tool; improve needs at least two cases to hold one out. */
function golden(dir: string, cases = 1): string {
  const file = join(dir, 'golden.yaml');
  const rows = PROMPTS.slice(0, cases).map((prompt, i) => `  - id: echo-${i + 1}\n    prompt: ${prompt}\n    expect_tool: echo_headers\n`);
  writeFileSync(file, `cases:\n${rows.join('')}`);
  return file;
}

describe('secrets a server echoes back never reach an output', () => {
  it('check over HTTP, every format', { timeout: TIMEOUT_MS }, async () => {
    const dir = tempDir();
    const reports = everyFormat(dir);
    const run = await runCli(['check', '--url', server.url, ...HEADERS, '--verbose', ...reports.args], { timeoutMs: TIMEOUT_MS });
    expect(run.stderr).not.toContain('internal error');
    expect(readFileSync(reports.files.json, 'utf8')).toContain('[REDACTED]');
    expectClean(dir, run, FORMAT_NAMES.length, FORBIDDEN, reports.files);
  });

  it('check over HTTP with Basic credentials: the decoded pair and password, every format', { timeout: TIMEOUT_MS }, async () => {
    const dir = tempDir();
    const secrets = credentialsIn(BASIC[1]!.slice('Authorization: '.length));
    expect(secrets).toEqual(expect.arrayContaining([`ann:${PASSWORD}`, PASSWORD]));
    const reports = everyFormat(dir);
    const run = await runCli(['check', '--url', server.url, ...BASIC, '--verbose', ...reports.args], { timeoutMs: TIMEOUT_MS });
    expect(run.stderr).not.toContain('internal error');
    expect(readFileSync(reports.files.json, 'utf8')).toContain('[REDACTED]');
    expectClean(dir, run, FORMAT_NAMES.length, secrets.flatMap(secretForms), reports.files);
  });

  it('check over stdio, the secrets given with --env', { timeout: TIMEOUT_MS }, async () => {
    const dir = tempDir();
    const stdio = `"${process.execPath}" "${FIXTURE}"`;
    const env = ['--env', `HOSTILE_SK=${SK}`, '--env', `HOSTILE_HEX=${HEX}`];
    const reports = everyFormat(dir);
    const run = await runCli(['check', '--stdio', stdio, ...env, '--verbose', ...reports.args], { timeoutMs: TIMEOUT_MS });
    expect(run.stderr).not.toContain('internal error');
    expect(readFileSync(reports.files.json, 'utf8')).toContain('[REDACTED]');
    expectClean(dir, run, FORMAT_NAMES.length, FORBIDDEN, reports.files);
  });

  it('eval with the offline baseline, every format and the cache', { timeout: TIMEOUT_MS }, async () => {
    const dir = tempDir();
    const args = ['eval', '--url', server.url, ...HEADERS, '--golden', golden(dir), '--model', 'baseline', '--verbose'];
    const reports = everyFormat(dir);
    const run = await runCli([...args, '--cache-dir', join(dir, 'cache'), ...reports.args], { timeoutMs: TIMEOUT_MS });
    expect(run.stderr).not.toContain('internal error');
    expect(readFileSync(reports.files.json, 'utf8')).toContain('[REDACTED]');
    // Every format and the golden set.
    expectClean(dir, run, FORMAT_NAMES.length + 1, FORBIDDEN, reports.files);
  });

  it('chaos: probes, scan and built-in fault scenarios with the baseline', { timeout: TIMEOUT_MS }, async () => {
    const dir = tempDir();
    const args = ['chaos', '--url', server.url, ...HEADERS, '--model', 'baseline', '--runs', '1', '--verbose'];
    const reports = everyFormat(dir);
    const run = await runCli([...args, '--cache-dir', join(dir, 'cache'), ...reports.args], { timeoutMs: TIMEOUT_MS });
    expect(run.stderr).not.toContain('internal error');
    expect(readFileSync(reports.files.json, 'utf8')).toContain('[REDACTED]');
    expectClean(dir, run, FORMAT_NAMES.length, FORBIDDEN, reports.files);
  });

  it('run with ${VAR} headers in mcpgate.yaml: reports, history and cache', { timeout: TIMEOUT_MS }, async () => {
    const dir = tempDir();
    const config = join(dir, 'mcpgate.yaml');
    writeFileSync(
      config,
      [
        'server:',
        `  url: ${server.url}`,
        '  headers:',
        '    Authorization: Bearer ${HOSTILE_SK}',
        '    X-Api-Key: ${HOSTILE_HEX}',
        'eval:',
        `  golden: ${golden(dir)}`,
        '  models: [baseline]',
        `  cache_dir: ${join(dir, 'cache')}`,
        ...everyOutputYaml(dir),
        '',
      ].join('\n'),
    );
    const run = await runCli(['run', '--config', config], { timeoutMs: TIMEOUT_MS, env: { HOSTILE_SK: SK, HOSTILE_HEX: HEX } });
    expect(run.stderr).not.toContain('internal error');
    const reports = everyFormat(join(dir, 'out'));
    expect(readFileSync(reports.files.json, 'utf8')).toContain('[REDACTED]');
    // Every format, the config, the golden set and the history entry.
    expectClean(dir, run, FORMAT_NAMES.length + 3, FORBIDDEN, reports.files);
  });

  it('the model cache stores an answer that quotes a secret masked', async () => {
    const dir = tempDir();
    registerSecret(HEX);
    const model: ModelClient = {
      id: 'fake:echo',
      kind: 'llm',
      generate: async () => ({
        text: `the server said ${HEX}`,
        toolCalls: [],
        usage: { inputTokens: 1, outputTokens: 1 },
        finishReason: 'stop',
      }),
    };
    const cached = withCache(model, { dir, mode: 'write' }, { providerCalls: 0, cacheHits: 0 });
    await cached.generate({ messages: [{ role: 'user', content: 'hi' }], tools: [], sampleIndex: 0, temperature: 0 });
    const entries = filesUnder(dir);
    expect(entries).toHaveLength(1);
    const stored = readFileSync(entries[0]!, 'utf8');
    expect(stored).toContain('the server said [REDACTED]');
    expect(stored).not.toContain(HEX);
  });
});

describe('and neither do the other commands that talk to the server or read what it sent', () => {
  it('golden draft: the drafted golden set and rubric', { timeout: TIMEOUT_MS }, async () => {
    const dir = tempDir();
    const run = await runCli(['golden', 'draft', '--url', server.url, ...HEADERS, '--out', join(dir, 'golden', 'draft.yaml')], {
      timeoutMs: TIMEOUT_MS,
    });
    expect(run.code, run.stderr).toBe(0);
    // Drafted from the hostile server's tools (whose descriptions quote the credentials).
    expect(readFileSync(join(dir, 'golden', 'draft.yaml'), 'utf8')).toContain('echo_headers');
    expectClean(dir, run, 1);
  });

  it('overlap, as text and as JSON', { timeout: TIMEOUT_MS }, async () => {
    const dir = tempDir();
    for (const json of [[], ['--json']]) {
      const run = await runCli(['overlap', '--url', server.url, ...HEADERS, ...json], { timeoutMs: TIMEOUT_MS });
      expect(run.code, run.stderr).toBe(0);
      expectClean(dir, run, 0);
    }
  });

  it('improve with the lexical proposer: overrides, diff and reports', { timeout: TIMEOUT_MS }, async () => {
    const dir = tempDir();
    const args = ['improve', '--url', server.url, ...HEADERS, '--golden', golden(dir, 3), '--model', 'baseline', '--proposer', 'lexical'];
    const run = await runCli([...args, '--out', join(dir, 'improve'), '--cache-dir', join(dir, 'cache')], { timeoutMs: TIMEOUT_MS });
    expect(run.code, run.stderr).toBe(0);
    // It measured the hostile server's tools before deciding (nothing to rewrite: one tool, no confusion).
    expect(run.stdout).toContain('no rewrite accepted');
    expectClean(dir, run, 2);
  });

  it('bench: the load report and the terminal', { timeout: TIMEOUT_MS }, async () => {
    const dir = tempDir();
    const run = await runCli(['bench', '--url', server.url, ...HEADERS, '--requests', '40', '--report', join(dir, 'bench.json')], {
      timeoutMs: TIMEOUT_MS,
    });
    expect(run.stderr).not.toContain('internal error');
    expectClean(dir, run, 1);
  });

  it('gate and merge over the reports of hostile runs (two checks, two eval shards)', { timeout: TIMEOUT_MS }, async () => {
    const dir = tempDir();
    for (const name of ['a', 'b']) {
      const check = await runCli(['check', '--url', server.url, ...HEADERS, '--report', join(dir, `${name}.json`)], {
        timeoutMs: TIMEOUT_MS,
      });
      expect(check.stderr).not.toContain('internal error');
    }
    const gate = await runCli(
      ['gate', '--report', join(dir, 'b.json'), '--baseline', join(dir, 'a.json'), '--json', join(dir, 'gate.json')],
      {
        timeoutMs: TIMEOUT_MS,
      },
    );
    expect(gate.stderr).not.toContain('internal error');
    expect(readFileSync(join(dir, 'gate.json'), 'utf8')).toContain('[REDACTED]');
    expectClean(dir, gate, 3);
    const tasks = join(dir, 'two.yaml');
    writeFileSync(
      tasks,
      'cases:\n  - id: echo-1\n    prompt: echo the weather and my headers\n    expect_tool: echo_headers\n  - id: echo-2\n    prompt: echo my headers again\n    expect_tool: echo_headers\n',
    );
    const shards = ['1/2', '2/2'].map((_, i) => join(dir, `shard-${i + 1}.json`));
    for (const [i, shard] of ['1/2', '2/2'].entries()) {
      const args = ['eval', '--url', server.url, ...HEADERS, '--golden', tasks, '--model', 'baseline', '--shard', shard, '--cache', 'off'];
      const run = await runCli([...args, '--report', shards[i]!], { timeoutMs: TIMEOUT_MS });
      expect(run.stderr).not.toContain('internal error');
    }
    const reports = everyFormat(mkdirSync(join(dir, 'merged'), { recursive: true })!);
    const merged = await runCli(['merge', ...shards, ...reports.args], { timeoutMs: TIMEOUT_MS });
    expect(merged.code, merged.stderr).not.toBe(2);
    expect(readFileSync(reports.files.json, 'utf8')).toContain('[REDACTED]');
    // The two checks, the gate, the golden set and the two shards, and every format of the merge.
    expectClean(dir, merged, 6 + FORMAT_NAMES.length, FORBIDDEN, reports.files);
  });
});

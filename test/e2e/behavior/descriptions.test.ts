/**
 * `--descriptions FILE`: the models are served rewritten descriptions through the local layer while
 * calls reach the real server; the fingerprint records the file, and the gate reads a changed file as
 * a changed server. Driven by a scripted model whose pick depends only on the descriptions it is sent.
 */

import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyDescriptions, parseDescriptions } from '../../../src/behavior/descriptions/index.js';
import { driftLabel } from '../../../src/gate/drift.js';
import { FileProblemsError } from '../../../src/shared/yaml/problems.js';
import { runCli, tempDir } from '../../helpers/cli.js';
import { readPossibleReport } from '../../helpers/report-invariants.js';
import { CONFUSABLE, CONFUSABLE_GOLDEN } from '../../helpers/confusable.js';
import { descriptionModel } from '../../helpers/description-model.js';
import { startFakeOpenAI, type FakeLlm } from '../../helpers/fake-llm.js';

const OVERRIDES = `# find_orders reads like search_orders; say what sets it apart
find_orders:
  description: Find archived orders of a customer (shipped, closed). Not for open orders.
  parameters:
    status: Archived status, e.g. shipped
`;

const tool = (name: string, description: string): { name: string; description: string; inputSchema: Record<string, unknown> } => ({
  name,
  description,
  inputSchema: { type: 'object', properties: { city: { type: 'string', description: 'City' } } },
});

describe('the rewriting layer', () => {
  it('replaces descriptions and parameter descriptions, leaves the rest as the server sent it', () => {
    const overrides = parseDescriptions('a:\n  description: new a\n  parameters:\n    city: new city\nb: new b\n', 'd.yaml');
    const served = applyDescriptions([tool('a', 'old a'), tool('b', 'old b'), tool('c', 'old c')], overrides);
    expect(served.map((t) => t.description)).toEqual(['new a', 'new b', 'old c']);
    expect(served[0]!.inputSchema).toEqual({ type: 'object', properties: { city: { type: 'string', description: 'new city' } } });
    expect(served[1]!.inputSchema).toEqual(tool('b', '').inputSchema);
    expect(overrides.sha256).toBe(
      createHash('sha256').update('a:\n  description: new a\n  parameters:\n    city: new city\nb: new b\n').digest('hex'),
    );
  });

  it('names an unknown tool or parameter at its file:line:col', () => {
    const overrides = parseDescriptions('a: fine\nwether: typo\nb:\n  parameters:\n    town: no such\n', 'd.yaml');
    const thrown = (() => {
      try {
        applyDescriptions([tool('a', ''), tool('b', ''), tool('weather', '')], overrides);
      } catch (error) {
        return error as FileProblemsError;
      }
      throw new Error('accepted');
    })();
    expect(thrown).toBeInstanceOf(FileProblemsError);
    expect(thrown.message.split('\n')).toEqual([
      'd.yaml:2:1: no tool named "wether" on the server: did you mean "weather"?',
      'd.yaml:5:5: tool b has no parameter "town" (it takes city)',
    ]);
  });

  it('refuses a malformed file with positions', () => {
    expect(() => parseDescriptions('a:\n  description: ""\n  colour: red\n', 'd.yaml')).toThrow(
      [
        `d.yaml:2:16: tool "a": description must be non-empty text (the description the model is served in place of the server's), got an empty string`,
        'd.yaml:3:3: tool "a": colour is not a key (expected one of: description, parameters)',
      ].join('\n'),
    );
    expect(() => parseDescriptions('- a\n', 'd.yaml')).toThrow(
      /^d\.yaml:1:1: the descriptions file must be a mapping of tool names to a description, or to \{description, parameters\} .*, got a list$/,
    );
    expect(() => parseDescriptions('{}\n', 'd.yaml')).toThrow(/^d\.yaml:1:1: the descriptions file names no tool/);
    expect(() => parseDescriptions('b:\n  parameters:\n    days: "  "\n', 'd.yaml')).toThrow(
      /^d\.yaml:3:11: tool "b": parameters\.days must be non-empty text/,
    );
  });
});

describe('the gate', () => {
  const fp = { toolsSha256: 'abc', toolCount: 3, serverName: 's', serverVersion: '1' };
  const served = (sha256: string): typeof fp & { descriptions: { file: string; sha256: string; tools: string[] } } => ({
    ...fp,
    descriptions: { file: 'd.yaml', sha256, tools: ['a'] },
  });
  it('reads a changed, added or dropped descriptions file as a changed server', () => {
    expect(driftLabel(served('1'), served('1'))).toBe('model-drift');
    expect(driftLabel(served('1'), served('2'))).toBe('regression');
    expect(driftLabel(served('1'), fp)).toBe('regression');
    expect(driftLabel(fp, served('1'))).toBe('regression');
    expect(driftLabel(fp, fp)).toBe('model-drift');
  });
});

describe('mcpgate eval --descriptions against a server with two confusable tools', () => {
  let llm: FakeLlm;
  const dir = tempDir();
  const env = (): NodeJS.ProcessEnv => ({ OPENAI_API_KEY: 'sk-test-0123456789abcdef0123456789abcdef', OPENAI_BASE_URL: llm.baseUrl });
  const args = (report: string, extra: string[] = []): string[] => [
    'eval',
    '--stdio',
    CONFUSABLE,
    '--golden',
    join(dir, 'tasks.yaml'),
    '--model',
    'openai-chat:reads-descriptions',
    '--runs',
    '2',
    '--cache',
    'off',
    // The test reads the tool results of passing samples, which the report summarises by default.
    '--trajectories',
    'all',
    '--report',
    join(dir, report),
    ...extra,
  ];
  beforeAll(async () => {
    llm = await startFakeOpenAI(descriptionModel);
    writeFileSync(join(dir, 'tasks.yaml'), CONFUSABLE_GOLDEN);
    writeFileSync(join(dir, 'descriptions.yaml'), OVERRIDES);
  });
  afterAll(async () => llm.close());

  it('fixes the confusion the server descriptions cause, with calls still answered by the real server', async () => {
    const before = await runCli(args('before.json'), { env: env() });
    expect(before.code).toBe(1);
    const plain = readPossibleReport(join(dir, 'before.json'));
    expect(plain.eval!.cases.find((c) => c.id === 'archived-orders')).toMatchObject({ passes: 0, status: 'fail' });
    expect(plain.target.fingerprint?.descriptions).toBeUndefined();

    const seen = llm.requests.length;
    const after = await runCli(args('after.json', ['--descriptions', join(dir, 'descriptions.yaml')]), { env: env() });
    expect(after.stderr).toBe('');
    expect(after.code).toBe(0);
    const served = readPossibleReport(join(dir, 'after.json'));
    expect(served.eval!.summary).toMatchObject({ passed: 4, selectionAccuracy: 1 });
    const archived = served.eval!.cases.find((c) => c.id === 'archived-orders')!;
    // find_orders answered: the real server ran the call.
    expect(archived.trajectories[0]!.calls[0]).toMatchObject({
      name: 'find_orders',
      result: expect.stringContaining('archived orders of ACME'),
    });
    // The model was sent the override, and only for find_orders.
    const sent = llm.requests.slice(seen)[0]!.body.tools as Array<{ function: { name: string; description: string; parameters: any } }>;
    const find = sent.find((t) => t.function.name === 'find_orders')!;
    expect(find.function.description).toBe('Find archived orders of a customer (shipped, closed). Not for open orders.');
    expect(find.function.parameters.properties.status.description).toBe('Archived status, e.g. shipped');
    expect(sent.find((t) => t.function.name === 'search_orders')!.function.description).toBe('Search the orders of a customer by status.');

    expect(served.target.fingerprint).toMatchObject({
      toolsSha256: plain.target.fingerprint!.toolsSha256,
      descriptions: {
        file: join(dir, 'descriptions.yaml'),
        sha256: createHash('sha256')
          .update(readFileSync(join(dir, 'descriptions.yaml')))
          .digest('hex'),
        tools: ['find_orders'],
      },
    });
  }, 60_000);

  it('refuses a file naming a tool the server does not have (exit 2, file:line:col, nothing run)', async () => {
    writeFileSync(join(dir, 'typo.yaml'), 'find_order: Find archived orders.\n');
    const seen = llm.requests.length;
    const run = await runCli(args('typo.json', ['--descriptions', join(dir, 'typo.yaml')]), { env: env() });
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toBe(
      `mcpgate: ${join(dir, 'typo.yaml')}:1:1: no tool named "find_order" on the server: did you mean "find_orders"?`,
    );
    expect(llm.requests.length).toBe(seen);
  }, 30_000);

  it('serves the same overrides to the chaos scenario models', async () => {
    const seen = llm.requests.length;
    const run = await runCli(
      [
        'chaos',
        '--stdio',
        CONFUSABLE,
        '--model',
        'openai-chat:reads-descriptions',
        '--runs',
        '1',
        '--timeout',
        '3000',
        '--cache',
        'off',
        '--descriptions',
        join(dir, 'descriptions.yaml'),
        '--report',
        join(dir, 'chaos.json'),
      ],
      { env: env(), timeoutMs: 60_000 },
    );
    expect(run.stderr).not.toMatch(/error/i);
    const requests = llm.requests.slice(seen);
    expect(requests.length).toBeGreaterThan(0);
    for (const r of requests) {
      const find = (r.body.tools as Array<{ function: { name: string; description: string } }>).find(
        (t) => t.function.name === 'find_orders',
      );
      expect(find?.function.description).toMatch(/^Find archived orders/);
    }
    expect(readPossibleReport(join(dir, 'chaos.json')).target.fingerprint?.descriptions?.tools).toEqual(['find_orders']);
  }, 90_000);

  it('takes eval.descriptions from mcpgate.yaml in `mcpgate run`', async () => {
    const config = join(dir, 'mcpgate.yaml');
    writeFileSync(
      config,
      [
        'server:',
        `  stdio: ${JSON.stringify(CONFUSABLE)}`,
        'eval:',
        `  golden: ${JSON.stringify(join(dir, 'tasks.yaml'))}`,
        '  models: [openai-chat:reads-descriptions]',
        '  runs: 1',
        '  cache: off',
        `  descriptions: ${JSON.stringify(join(dir, 'descriptions.yaml'))}`,
        'report:',
        `  dir: ${JSON.stringify(join(dir, 'run'))}`,
        '',
      ].join('\n'),
    );
    const run = await runCli(['run', '--config', config], { env: env(), timeoutMs: 60_000 });
    const report = readPossibleReport(join(dir, 'run', 'report.json'));
    expect(report.eval!.cases.find((c) => c.id === 'archived-orders')).toMatchObject({ passes: 1 });
    expect(report.target.fingerprint?.descriptions?.tools).toEqual(['find_orders']);
    expect(run.stderr).not.toContain('internal error');
  }, 90_000);
});

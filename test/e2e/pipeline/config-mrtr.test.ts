/**
 * mcpgate.yaml's eval.max_rounds and eval.roots through `mcpgate run`, with the offline baseline
 * against the reference server's MRTR tools: the configured values reach the agent, `--max-rounds`
 * and `--root` win over them, and a bad value is one positioned line with exit 2.
 */

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EvalCaseResult } from '../../../src/report/model.js';
import { referenceStdio, runCli, tempDir } from '../../helpers/cli.js';
import { readPossibleReport } from '../../helpers/report-invariants.js';

// The baseline reads the topic off each prompt ("quarterly report" is the tools' schema example).
const GOLDEN = `defaults:
  kind: hard
cases:
  - id: roots-listed
    prompt: Use the MRTR roots demo for the quarterly report.
    expect_tool: mrtr_roots
    expect_input: roots
  - id: two-rounds
    prompt: Use the MRTR two rounds demo for the quarterly report.
    expect_tool: mrtr_two_rounds
    expect_input: sampling
  # Fails by design (the server asks for roots), so the report keeps the tool result saying how many roots it got.
  - id: roots-counted
    prompt: Use the MRTR roots demo for the quarterly report.
    expect_tool: mrtr_roots
    expect_input: elicitation
`;

function project(evalKeys: string): { dir: string; config: string } {
  const dir = tempDir();
  writeFileSync(join(dir, 'golden.yaml'), GOLDEN);
  const config = join(dir, 'mcpgate.yaml');
  writeFileSync(
    config,
    `server:\n  stdio: ${JSON.stringify(referenceStdio())}\neval:\n  golden: ${join(dir, 'golden.yaml')}\n  models: [baseline]\n  runs: 1\n  cache: 'off'\n${evalKeys}report:\n  dir: ${join(dir, 'reports')}\n`,
  );
  return { dir, config };
}

async function run(evalKeys: string, flags: string[] = []): Promise<{ code: number | null; stderr: string; cases: EvalCaseResult[] }> {
  const { dir, config } = project(evalKeys);
  const result = await runCli(['run', '--config', config, ...flags], { timeoutMs: 60_000 });
  const report = readPossibleReport(join(dir, 'reports', 'report.json'));
  return { code: result.code, stderr: result.stderr, cases: report.eval!.cases };
}

const caseOf = (cases: EvalCaseResult[], id: string) => cases.find((c) => c.id === id)!;
const resultOf = (cases: EvalCaseResult[], id: string) => caseOf(cases, id).trajectories[0]!.calls[0]!.result;

describe('eval.max_rounds and eval.roots in mcpgate.yaml', () => {
  it('the configured values are used: one root declared, and a second input round is one too many', async () => {
    const { cases } = await run('  max_rounds: 1\n  roots: [file:///tmp/mcpgate-project]\n');
    expect(caseOf(cases, 'roots-listed').status).toBe('pass');
    expect(resultOf(cases, 'roots-counted')).toContain('roots: 1 root(s)');
    expect(caseOf(cases, 'two-rounds').status).toBe('fail');
    expect(resultOf(cases, 'two-rounds')).toContain('still asked for input after 1 round(s) (--max-rounds, eval.max_rounds)');
  });

  it('without them: the default rounds, and no roots capability', async () => {
    const { cases } = await run('');
    expect(caseOf(cases, 'two-rounds').status).toBe('pass');
    expect(caseOf(cases, 'roots-listed').status).toBe('fail');
  });

  it('--max-rounds and --root win over the file', async () => {
    const { cases } = await run('  max_rounds: 1\n  roots: [file:///tmp/mcpgate-project]\n', [
      '--max-rounds',
      '2',
      '--root',
      'file:///tmp/a',
      '--root',
      'file:///tmp/b',
    ]);
    expect(caseOf(cases, 'two-rounds').status).toBe('pass');
    expect(resultOf(cases, 'roots-counted')).toContain('roots: 2 root(s)');
  });

  it('a bad value is one line naming the key, what it takes and what it is for, exit 2', async () => {
    const { config } = project('  max_rounds: 0\n  roots: [/tmp/project]\n');
    const result = await runCli(['run', '--config', config]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(
      result.stderr
        .replace(/^mcpgate: /, '')
        .trimEnd()
        .split('\n'),
    ).toEqual([
      `${config}:8:15: eval.max_rounds must be a positive integer (MRTR input rounds answered per tool call before it counts as failed; default 4), got the number 0`,
      `${config}:9:11: eval.roots must be a list of file:// URIs (roots the client declares to MRTR roots requests; without any, the roots capability is not declared); eval.roots[0] is the string "/tmp/project"`,
    ]);
  });

  it('a bad flag value is a one-line usage error, exit 2', async () => {
    const { config } = project('');
    for (const [flags, message] of [
      [['--max-rounds', '0'], 'mcpgate: --max-rounds needs a positive integer, got "0"'],
      [['--root', '/tmp/project'], 'mcpgate: --root needs a file:// URI, e.g. file:///home/me/project, got "/tmp/project"'],
    ] as const) {
      const result = await runCli(['run', '--config', config, ...flags]);
      expect(result.code).toBe(2);
      expect(result.stderr.trimEnd()).toBe(message);
    }
    const evalRun = await runCli(['eval', '--stdio', referenceStdio(), '--golden', 'x.yaml', '--root', 'https://example.com/']);
    expect(evalRun.code).toBe(2);
    expect(evalRun.stderr.trimEnd()).toBe('mcpgate: --root needs a file:// URI, e.g. file:///home/me/project, got "https://example.com/"');
  });
});

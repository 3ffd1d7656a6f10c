/**
 * The report files of real failing runs: `eval --junit --sarif` against the bundled reference server
 * with golden cases the lexical baseline gets wrong, and `chaos --junit --sarif` against the bundled
 * poisoned server. Each file must count what failed the run, the way the exit code does.
 */

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, referenceStdio, runCli, tempDir } from '../../helpers/cli.js';

const POISONED_SERVER = join(ROOT, 'dist/examples/poisoned-server/main.js');

const attrs = (xml: string): Record<string, number> => {
  const m = /<testsuites name="mcpgate" tests="(\d+)" failures="(\d+)" errors="(\d+)"/.exec(xml)!;
  return { tests: Number(m[1]), failures: Number(m[2]), errors: Number(m[3]) };
};
const sarifResults = (file: string): Array<{ ruleId: string; level: string }> => JSON.parse(readFileSync(file, 'utf8')).runs[0].results;

describe('report files of a failing eval run', () => {
  it('JUnit counts every failed case and SARIF has a result for each', async () => {
    const dir = tempDir();
    const golden = join(dir, 'tasks.yaml');
    // The weather prompt leads the baseline to get_weather, so both expectations of another tool fail.
    writeFileSync(
      golden,
      [
        '- id: wants-email',
        '  prompt: "What\'s the weather in Paris?"',
        '  expect_tool: send_email',
        '- id: wants-no-tool',
        '  prompt: "What\'s the weather in Paris?"',
        '  expect_tool: null',
        '- id: weather',
        '  prompt: "What\'s the weather in Paris?"',
        '  expect_tool: get_weather',
        '',
      ].join('\n'),
    );
    const junit = join(dir, 'junit.xml');
    const sarif = join(dir, 'mcpgate.sarif');
    const run = await runCli([
      'eval',
      '--stdio',
      referenceStdio(),
      '--golden',
      golden,
      '--model',
      'baseline',
      '--runs',
      '2',
      '--junit',
      junit,
      '--sarif',
      sarif,
    ]);
    expect(run.code, run.stderr).toBe(1);
    expect(attrs(readFileSync(junit, 'utf8'))).toEqual({ tests: 3, failures: 2, errors: 0 });
    const results = sarifResults(sarif);
    expect(results.map((r) => [r.ruleId, r.level]).sort()).toEqual([
      ['eval.wants-email', 'error'],
      ['eval.wants-no-tool', 'error'],
    ]);
  });
});

describe('report files of a failing chaos run', () => {
  it('JUnit fails the scan suite beside the passing probes and SARIF has the finding', async () => {
    const dir = tempDir();
    const junit = join(dir, 'junit.xml');
    const sarif = join(dir, 'mcpgate.sarif');
    const server = `"${process.execPath}" "${POISONED_SERVER}" --stdio --poison unicode-tags`;
    const run = await runCli(['chaos', '--stdio', server, '--junit', junit, '--sarif', sarif]);
    expect(run.code, run.stderr).toBe(1);
    const xml = readFileSync(junit, 'utf8');
    expect(/<testsuite name="chaos scan" tests="\d+" failures="([1-9]\d*)"/.test(xml)).toBe(true);
    expect(attrs(xml).failures).toBeGreaterThan(0);
    expect(sarifResults(sarif).some((r) => r.ruleId.startsWith('scan.') && r.level === 'error')).toBe(true);
  });
});

/** Drafted golden cases (`draft: true`, what `mcpgate init` writes) are refused until edited, or skipped when allowed. */

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GoldenSetError, parseGoldenSet } from '../../../src/behavior/golden/index.js';
import { referenceStdio, runCli, tempDir } from '../../helpers/cli.js';
import { readPossibleReport } from '../../helpers/report-invariants.js';

const GOLDEN = `cases:
  - id: real-weather
    prompt: What's the weather like in Paris right now?
    expect_tool: get_weather
  - id: drafted-forecast
    prompt: "REPLACE ME: a request that needs get_forecast"
    expect_tool: get_forecast
    draft: true
  - id: drafted-negative
    prompt: "Thanks, that's all!"
    expect_tool: null
    draft: true
`;

function goldenFile(text = GOLDEN): string {
  const file = join(tempDir(), 'tasks.yaml');
  writeFileSync(file, text);
  return file;
}

describe('the draft marker', () => {
  it('is a boolean of the golden format, kept on the case', () => {
    const set = parseGoldenSet(GOLDEN, 'tasks.yaml');
    expect(set.cases.map((c) => [c.id, c.draft === true])).toEqual([
      ['real-weather', false],
      ['drafted-forecast', true],
      ['drafted-negative', true],
    ]);
    expect(() => parseGoldenSet('- id: a\n  prompt: hi\n  expect_tool: null\n  draft: "yes"\n', 'g.yaml')).toThrow(GoldenSetError);
    expect(() => parseGoldenSet('- id: a\n  prompt: hi\n  expect_tool: null\n  draft: "yes"\n', 'g.yaml')).toThrow(
      /g\.yaml:4:\d+: case "a": draft must be true or false \(.*\), got the string "yes"$/,
    );
  });
});

describe('mcpgate eval with drafts', () => {
  it('refuses them, one line per draft with file:line, exit 2, before anything runs', async () => {
    const golden = goldenFile();
    const run = await runCli(['eval', '--stdio', referenceStdio(), '--golden', golden, '--runs', '1']);
    expect(run.code).toBe(2);
    const lines = run.stderr.trim().split('\n');
    expect(lines.slice(0, 2)).toEqual([
      expect.stringContaining(`${golden}:5: case "drafted-forecast" is a draft and is not run until edited`),
      `${golden}:9: case "drafted-negative" is a draft and is not run until edited`,
    ]);
    expect(run.stderr).toContain('--allow-drafts');
    expect(run.stdout).toBe('');
  });

  it('improve refuses them too: a placeholder prompt proves nothing about a description', async () => {
    const golden = goldenFile();
    const out = tempDir();
    const run = await runCli(['improve', '--stdio', referenceStdio(), '--golden', golden, '--proposer', 'lexical', '--out', out]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`${golden}:5: case "drafted-forecast" is a draft and is not run until edited`);
  });

  it('skips them with a warning each under --allow-drafts, and scores only the rest', async () => {
    const golden = goldenFile();
    const report = join(tempDir(), 'r.json');
    const run = await runCli([
      'eval',
      '--stdio',
      referenceStdio(),
      '--golden',
      golden,
      '--runs',
      '1',
      '--allow-drafts',
      '--report',
      report,
    ]);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(`warning: skipped draft case "drafted-forecast" (${golden}:5)`);
    expect(run.stderr).toContain(`warning: skipped draft case "drafted-negative" (${golden}:9)`);
    expect(readPossibleReport(report).eval!.cases.map((c) => c.id)).toEqual(['real-weather']);
  });

  it('a set of drafts only is still refused under --allow-drafts: there would be nothing to score', async () => {
    const golden = goldenFile('- id: d\n  prompt: hi\n  expect_tool: null\n  draft: true\n');
    const run = await runCli(['eval', '--stdio', referenceStdio(), '--golden', golden, '--allow-drafts']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('every case of');
  });
});

describe('mcpgate init and run with drafts', () => {
  it('init marks every case it writes as a draft; run refuses them, and eval.allow_drafts skips them', async () => {
    const dir = tempDir();
    expect((await runCli(['init', '--dir', dir, '--stdio', referenceStdio()])).code).toBe(0);
    const golden = readFileSync(join(dir, 'golden/tasks.yaml'), 'utf8');
    const set = parseGoldenSet(golden, 'golden/tasks.yaml');
    expect(set.cases.length).toBeGreaterThan(3);
    expect(set.cases.every((c) => c.draft === true)).toBe(true);

    const config = join(dir, 'mcpgate.yaml');
    const refused = await runCli(['run', '--config', config], { timeoutMs: 60_000, cwd: dir });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/golden\/tasks\.yaml:\d+: case "get_weather-basic" is a draft/);

    // One case edited, the rest still drafts, and the config allows them: only the edited case is scored.
    writeFileSync(config, readFileSync(config, 'utf8').replace('  runs: 5', '  runs: 1\n  allow_drafts: true'));
    writeFileSync(join(dir, 'golden/tasks.yaml'), `${golden}  - id: edited-thanks\n    prompt: "Thanks!"\n    expect_tool: null\n`);
    const allowed = await runCli(['run', '--config', config], { timeoutMs: 60_000, cwd: dir });
    expect(allowed.stderr).toContain('warning: skipped draft case "get_weather-basic" (golden/tasks.yaml:');
    expect(readPossibleReport(join(dir, '.mcpgate/reports/report.json')).eval!.cases.map((c) => c.id)).toEqual(['edited-thanks']);
    expect(allowed.code).toBe(0);
  });
});

/**
 * Golden test of how each command's terminal output ends (issue 12): the list of what did not pass,
 * one line each, directly above the one verdict line, cut to the width (120 columns without a
 * terminal). Each command runs against a bundled broken variant of the reference server or with the
 * lexical baseline on a case it misses.
 *
 * The committed files in test/fixtures/golden-output/ are the contract: a run of this test only reads
 * them, and a missing or different file fails it. After an intended change, rewrite them with
 *   UPDATE_GOLDEN=1 npx vitest run test/e2e/report/terminal-end.test.ts
 * (that run writes and compares nothing; it is refused under CI), read the diff, and commit it.
 */

import { execFile } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, ROOT, referenceStdio, runCli, tempDir } from '../../helpers/cli.js';

const GOLDEN_DIR = join(ROOT, 'test/fixtures/golden-output');
const UPDATE = 'UPDATE_GOLDEN=1 npx vitest run test/e2e/report/terminal-end.test.ts';

const GOLDEN_SET = `- id: paris
  prompt: What's the weather like in Paris right now?
  expect_tool: get_weather
- id: tokyo-fahrenheit
  prompt: how warm is it in tokyo at the moment? fahrenheit please, I'm American
  expect_tool: get_weather
  expect_args:
    units: fahrenheit
  kind: hard
`;

/** From the failure list to the end, with what differs between runs (temp paths, run ids) replaced. */
function ending(stdout: string, tmp: string): string {
  const start = stdout.lastIndexOf('\nnot passed (');
  expect(start, stdout).toBeGreaterThan(0);
  const tail = stdout.slice(start + 1).replace(/\b[0-9a-f]{16}\b/g, '<run-id>');
  return tmp === '' ? tail : tail.replaceAll(tmp, '<tmp>');
}

/**
 * Compares with the committed file; never writes it, except in an explicit UPDATE_GOLDEN run, which
 * then compares nothing (a file written by the run that compares it would pass by construction).
 */
function compareWithGolden(name: string, text: string): void {
  const file = join(GOLDEN_DIR, `${name}.txt`);
  if (process.env.UPDATE_GOLDEN) {
    if (process.env.CI) throw new Error('UPDATE_GOLDEN is refused under CI: golden files are rewritten by hand and committed');
    writeFileSync(file, text);
    return;
  }
  if (!existsSync(file)) throw new Error(`${file} is missing: create it with ${UPDATE}, read it and commit it`);
  expect(text, `${file} differs; after an intended change run ${UPDATE} and read the diff`).toBe(readFileSync(file, 'utf8'));
}

function verdictLines(stdout: string): string[] {
  return stdout.split('\n').filter((line) => /\(exit code \d+\)$/.test(line));
}

function assertEnding(stdout: string, text: string): void {
  const lines = text.trimEnd().split('\n');
  // The list, then a blank line, then (when layer 0 ran) the coverage line and a blank line, then the
  // verdict, printed once, as the last line.
  expect(lines.at(-2)).toBe('');
  const coverage = lines.findIndex((line) => line.startsWith('coverage: '));
  const list = coverage === -1 ? lines.slice(1, -2) : lines.slice(1, coverage - 1);
  if (coverage !== -1) {
    expect(lines[coverage - 1]).toBe('');
    expect(lines.slice(coverage + 1, -2).every((line) => line.startsWith('  ') && line.length <= 120)).toBe(true);
  }
  // Every command here ends on something that did not pass.
  expect(list.length).toBeGreaterThan(0);
  expect(list.every((line) => /^ {2}[✗!~E?] \S+ {2}/.test(line) && line.length <= 120)).toBe(true);
  expect(verdictLines(stdout)).toEqual([lines.at(-1)]);
}

describe('the end of every command output: what did not pass, then the verdict once', () => {
  it('check against a server that lists the wrong versions', async () => {
    const run = await runCli(['check', '--stdio', referenceStdio('--break wrong-supported-versions')]);
    expect(run.code).toBe(1);
    const text = ending(run.stdout, '');
    assertEnding(run.stdout, text);
    compareWithGolden('check', text);
  });

  it('eval with the lexical baseline on a hard case it misses', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'tasks.yaml'), GOLDEN_SET);
    const run = await runCli(['eval', '--stdio', referenceStdio(), '--golden', join(dir, 'tasks.yaml'), '--runs', '2']);
    expect(run.code).toBe(1);
    const text = ending(run.stdout, dir);
    assertEnding(run.stdout, text);
    compareWithGolden('eval', text);
  });

  it('chaos against a server that crashes on wrong parameter types', async () => {
    const run = await runCli(['chaos', '--stdio', referenceStdio('--break crash-on-wrong-param-types')], { timeoutMs: 60_000 });
    expect(run.code).toBe(1);
    const text = ending(run.stdout, '');
    assertEnding(run.stdout, text);
    compareWithGolden('chaos', text);
  });

  it('run with a broken server and a missed hard case: the gate table above, one verdict below', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'tasks.yaml'), GOLDEN_SET);
    writeFileSync(
      join(dir, 'mcpgate.yaml'),
      `server:\n  stdio: '${referenceStdio('--break wrong-supported-versions')}'\neval:\n  golden: ${join(dir, 'tasks.yaml')}\n  models: [baseline]\n  runs: 2\n` +
        `gate:\n  baseline: auto\nhistory:\n  dir: ${join(dir, 'history')}\n  record: true\nreport:\n  dir: ${join(dir, 'reports')}\n`,
    );
    const run = await runCli(['run', '--config', join(dir, 'mcpgate.yaml')], { timeoutMs: 60_000 });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('mcpgate gate: ');
    expect(run.stdout.indexOf('mcpgate gate: ')).toBeLessThan(run.stdout.lastIndexOf('\nnot passed ('));
    // What did not pass is listed; the passing checks are counted, and listed only with --verbose.
    expect(run.stdout).toContain('  ✗ discover.supported-versions  ');
    expect(run.stdout).not.toContain('✓ discover.responds');
    expect(run.stdout).toMatch(/^\d+ passing (and \d+ skipped )?check\(s\) not listed; --verbose lists them/m);
    const text = ending(run.stdout, dir);
    assertEnding(run.stdout, text);
    compareWithGolden('run', text);
  });
});

describe.skipIf(!existsSync('/usr/bin/script'))('on a terminal', () => {
  it('cuts the failure list to the terminal width (stdout.columns)', async () => {
    // util-linux `script` runs the command on a pseudo-terminal; `stty cols` sets its width.
    const command = `stty cols 70; ${JSON.stringify(process.execPath)} ${JSON.stringify(CLI)} check --no-color --stdio ${JSON.stringify(referenceStdio('--break wrong-supported-versions'))}`;
    const { stdout } = await promisify(execFile)('/usr/bin/script', ['-qec', command, '/dev/null']).catch(
      (error: { stdout: string }) => error,
    );
    const lines = stdout.replace(/\r/g, '').split('\n');
    const listed = lines.slice(lines.indexOf('not passed (2):') + 1, lines.indexOf('not passed (2):') + 3);
    expect(listed.map((l) => l.trimEnd().split(' ')[3])).toEqual(['discover.supported-versions', 'discover.unsupported-version']);
    for (const line of listed) expect([...line].length).toBeLessThanOrEqual(70);
    expect(listed.every((line) => line.endsWith('…'))).toBe(true);
  });
});

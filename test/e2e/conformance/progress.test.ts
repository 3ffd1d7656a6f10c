/**
 * Progress of long runs: a live line on a terminal (done/total, failures, elapsed, time left), a
 * plain line every MCPGATE_PROGRESS_INTERVAL seconds elsewhere, nothing with --quiet.
 */

import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { configureProgress, describeProgress, formatDuration, progressIntervalMs, progressReporter } from '../../../src/report/progress.js';
import { CLI, ROOT, referenceStdio, runCli } from '../../helpers/cli.js';

const GOLDEN = join(ROOT, 'examples/golden/tasks.yaml');

function fakeStream(isTTY: boolean, columns = 200): { stream: NodeJS.WriteStream; written: string[] } {
  const written: string[] = [];
  const stream = { isTTY, columns, write: (chunk: string) => written.push(chunk) } as unknown as NodeJS.WriteStream;
  return { stream, written };
}

let savedCi: string | undefined;
beforeEach(() => {
  savedCi = process.env.CI;
  delete process.env.CI;
});
afterEach(() => {
  if (savedCi !== undefined) process.env.CI = savedCi;
  configureProgress({ quiet: false });
});

it('the live line carries done/total, failures, elapsed and time left, and escapes the label', () => {
  let now = 0;
  const { stream, written } = fakeStream(true);
  const progress = progressReporter('evaluating', stream, () => now);
  now = 4_000;
  progress.update(4, 10, 'baseline case\u001b[31m #1', 1);
  expect(written).toEqual(['\r\u001b[2Kevaluating 4/10, 1 failed, 4.0 s elapsed, about 6.0 s left · baseline case\\u{1B}[31m #1']);
  progress.clear();
  expect(written.at(-1)).toBe('\r\u001b[2K');
});

it('the live line is cut to the terminal width', () => {
  const { stream, written } = fakeStream(true, 30);
  progressReporter('probing', stream, () => 0).update(1, 8, 'a-very-long-probe-name-that-does-not-fit');
  expect(written[0]!.replace('\r\u001b[2K', '')).toHaveLength(29);
});

it('durations, the interval setting and the line without a total left', () => {
  expect(formatDuration(2_345)).toBe('2.3 s');
  expect(formatDuration(42_000)).toBe('42 s');
  expect(formatDuration(125_000)).toBe('2 min 05 s');
  expect(describeProgress('bench', { done: 30, total: 30, label: '' }, 30_000)).toBe('bench 30/30, 30 s elapsed');
  expect(progressIntervalMs({})).toBe(10_000);
  expect(progressIntervalMs({ MCPGATE_PROGRESS_INTERVAL: '0.5' })).toBe(500);
  expect(progressIntervalMs({ MCPGATE_PROGRESS_INTERVAL: 'soon' })).toBe(10_000);
});

it('--quiet (configured by the CLI) shows nothing, on a terminal or not', () => {
  configureProgress({ quiet: true });
  for (const tty of [true, false]) {
    const { stream, written } = fakeStream(tty);
    const progress = progressReporter('evaluating', stream);
    progress.update(1, 2, 'x', 0);
    progress.clear();
    expect(written).toEqual([]);
  }
});

const evalArgs = ['eval', '--stdio', referenceStdio(), '--golden', GOLDEN, '--runs', '10', '--cache', 'off'];
const PLAIN_LINE = /^mcpgate: evaluating \d+\/\d+, \d+ failed, [\d.]+ s elapsed(, about [\d.]+ s left)? · baseline [\w-]+ #\d+$/m;

it('not on a terminal: plain progress lines at the configured interval, none with --quiet', async () => {
  const env = { MCPGATE_PROGRESS_INTERVAL: '0.05' };
  const run = await runCli(evalArgs, { env, timeoutMs: 60_000 });
  expect(run.code).toBe(1);
  expect(run.stderr).toMatch(PLAIN_LINE);
  expect(run.stderr).not.toContain('\u001b[2K');
  const quiet = await runCli([...evalArgs, '--quiet'], { env, timeoutMs: 60_000 });
  expect(quiet.code).toBe(1);
  expect(quiet.stderr).not.toMatch(/evaluating/);
});

it('on a pseudo-terminal (util-linux script): the live line is redrawn in place', () => {
  const env = { ...process.env };
  delete env.CI;
  const command = [process.execPath, CLI, ...evalArgs].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  const run = spawnSync('script', ['-qec', command, '/dev/null'], { env, encoding: 'utf8', timeout: 60_000 });
  expect(run.status).toBe(1);
  expect(run.stdout).toMatch(/\r\u001b\[2Kevaluating 1\/\d+, [01] failed, [\d.]+ s elapsed, about [\d.]+ s left · baseline /);
});

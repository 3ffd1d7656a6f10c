/**
 * `npm start` (dist/examples/start.js, the node process npm runs): it ends everything it started on
 * Ctrl-C, echoes command lines a shell gives back unchanged, and ends by saying where the HTML report
 * is and what to run next. Processes it started are found by their working directory, which every one
 * of them inherits from this test's temp directory.
 */

import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseReport } from '../../../src/report/json.js';
import { ROOT, tempDir } from '../../helpers/cli.js';

const START = join(ROOT, 'dist/examples/start.js');

function processesIn(dir: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readlinkSync(`/proc/${entry}/cwd`) === dir) pids.push(Number(entry));
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return pids;
}

function describeProcess(pid: number): string {
  try {
    return `${pid}: ${readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ')}`;
  } catch {
    return `${pid}: gone`;
  }
}

function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

function startIn(cwd: string): {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  waitFor: (text: string) => Promise<void>;
} {
  const child = spawn(process.execPath, [START], { cwd, env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const waiters: Array<{ text: string; done: () => void }> = [];
  const onData = (chunk: string): void => {
    output += chunk;
    for (const waiter of waiters.filter((w) => output.includes(w.text))) waiter.done();
  };
  child.stdout!.setEncoding('utf8').on('data', onData);
  child.stderr!.setEncoding('utf8').on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code, signal) => resolve(code ?? (signal ? -1 : null))));
  const waitFor = (text: string): Promise<void> =>
    new Promise((resolve, reject) => {
      if (output.includes(text)) return resolve();
      waiters.push({ text, done: resolve });
      void exited.then(() => reject(new Error(`npm start exited before printing "${text}":\n${output}`)));
    });
  return { child, output: () => output, exited, waitFor };
}

describe('npm start', () => {
  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)(
    'on %s mid-run ends the reference server and the running mcpgate, closes the port, and exits %i',
    async (signal, code) => {
      const cwd = tempDir();
      const start = startIn(cwd);
      await start.waitFor('=== layer 0 over stdio');
      const port = Number(/--url http:\/\/127\.0\.0\.1:(\d+)\/mcp/.exec(start.output())![1]);
      expect(processesIn(cwd).length).toBeGreaterThanOrEqual(2);
      start.child.kill(signal);
      expect(await start.exited).toBe(code);
      expect(processesIn(cwd).map(describeProcess)).toEqual([]);
      expect(await refusesConnections(port)).toBe(true);
    },
    60_000,
  );

  it('echoes paste-able command lines and ends with the HTML report and the next command', async () => {
    const cwd = tempDir();
    const start = startIn(cwd);
    expect(await start.exited).toBe(0);
    const output = start.output();
    // Every step it shows must run: a step whose flags mcpgate refuses is a broken quick start.
    expect(output).not.toMatch(/error: (unknown|missing|required) option/);
    const stdioLine = /^=== layer 0 over stdio: (npx mcpgate check --stdio .*)$/m.exec(output)![1]!;
    // The line as a user pastes it, in a shell, from the same directory: the same check, the same verdict.
    const again = spawn(
      'bash',
      ['-c', `${stdioLine.replace('npx mcpgate', `node ${JSON.stringify(join(ROOT, 'dist/cli/mcpgate.js'))}`)}`],
      {
        cwd,
        stdio: 'ignore',
      },
    );
    expect(await new Promise((resolve) => again.once('exit', resolve))).toBe(0);
    const report = parseReport(readFileSync(join(cwd, '.mcpgate/reports/check-stdio.json'), 'utf8'));
    expect(report.target.transport).toBe('stdio');
    expect(report.verdict.exitCode).toBe(0);

    const lines = output.trimEnd().split('\n');
    expect(lines.at(-2)).toBe(
      `HTML report: ${join(cwd, '.mcpgate/reports/check-http.html')} (layer 1: ${join(cwd, '.mcpgate/reports/eval.html')})`,
    );
    expect(lines.at(-1)).toBe('next, for your own server: npx mcpgate init --url http://127.0.0.1:3000/mcp');
    expect(processesIn(cwd).map(describeProcess)).toEqual([]);
  }, 120_000);
});

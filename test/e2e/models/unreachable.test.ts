/**
 * An unreachable model provider fails fast: after a few connection failures in a row the model's
 * remaining samples are not run, one stderr line names the endpoint and the cause, the cases are
 * errors and the exit code is 5 (inconclusive). HTTP answers, even 5xx, and timeouts never trip it.
 */

import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { CONNECTION_FAILURES_BEFORE_STOP, ProviderUnreachableError, createConnectionGuard } from '../../../src/models/connection-guard.js';
import type { Report } from '../../../src/report/model.js';
import { ROOT, referenceStdio, runCli, tempDir } from '../../helpers/cli.js';
import { readPossibleReport } from '../../helpers/report-invariants.js';

const GOLDEN = join(ROOT, 'examples/golden/tasks.yaml');
const CONCURRENCY = 4;
const servers: Server[] = [];
afterAll(() => Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve)))));

function listen(onConnection: (socket: Socket) => void): Promise<number> {
  const server = createServer(onConnection);
  servers.push(server);
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)));
}

async function closedPort(): Promise<number> {
  const server = createServer();
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
  );
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** What one eval against the reference server may take on a crowded CI runner; the tests that run one wait as long. */
const EVAL_TIMEOUT_MS = 120_000;

function evalAgainst(port: number, out: string) {
  return runCli(
    [
      'eval',
      '--stdio',
      referenceStdio(),
      '--golden',
      GOLDEN,
      '--model',
      'openai-compatible:x',
      '--base-url',
      `http://127.0.0.1:${port}/v1`,
      '--cache',
      'off',
      '--concurrency',
      String(CONCURRENCY),
      '--report',
      out,
    ],
    { timeoutMs: EVAL_TIMEOUT_MS },
  );
}

it(
  'a refused endpoint stops the model after a few attempts: one line naming it, every case an error, exit 5',
  async () => {
    const port = await closedPort();
    const out = join(tempDir(), 'eval.json');
    const run = await evalAgainst(port, out);
    expect(run.code).toBe(5);
    const endpoint = `http://127.0.0.1:${port}/v1/chat/completions`;
    const line = `mcpgate: openai-compatible:x: ${endpoint} is unreachable: connection refused (ECONNREFUSED) on ${CONNECTION_FAILURES_BEFORE_STOP} attempts in a row; its remaining samples were not run`;
    expect(run.stderr.split('\n').filter((l) => l.includes('is unreachable'))).toEqual([line]);
    const report = readPossibleReport(out) as Report & { eval: NonNullable<Report['eval']> };
    expect(report.eval.cases.length).toBeGreaterThan(20);
    expect(report.eval.cases.every((c) => c.status === 'error')).toBe(true);
    expect(report.verdict.exitCode).toBe(5);
  },
  EVAL_TIMEOUT_MS + 30_000,
);

it(
  'the number of connection attempts is bounded by the threshold and the concurrency, not by the golden set',
  async () => {
    let connections = 0;
    // Accepts and resets at once: a port with a listener but nothing behind it that ever answers.
    const port = await listen((socket) => {
      connections++;
      socket.resetAndDestroy();
    });
    const out = join(tempDir(), 'eval.json');
    const run = await evalAgainst(port, out);
    expect(run.code).toBe(5);
    expect(run.stderr).toContain('connection reset before any answer (ECONNRESET)');
    expect(connections).toBeGreaterThanOrEqual(CONNECTION_FAILURES_BEFORE_STOP);
    expect(connections).toBeLessThanOrEqual(CONNECTION_FAILURES_BEFORE_STOP + CONCURRENCY - 1);
  },
  EVAL_TIMEOUT_MS + 30_000,
);

function refused(): Error {
  const cause = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
  return new TypeError('fetch failed', { cause });
}

it('HTTP answers (5xx too) reset the count, timeouts do not count, and a tripped guard makes no further attempt', async () => {
  const outcomes: Array<'refused' | 'timeout' | 500> = ['refused', 'refused', 500, 'refused', 'timeout', 'refused', 'timeout', 'refused'];
  let calls = 0;
  const inner = (async () => {
    const next = outcomes[calls++];
    if (next === 500) return new Response('down', { status: 500 });
    if (next === 'timeout') throw new DOMException('The operation timed out.', 'TimeoutError');
    throw refused();
  }) as typeof fetch;
  const guard = createConnectionGuard('openai-compatible:x', { inner });
  const results: string[] = [];
  for (let i = 0; i < 10; i++) {
    try {
      results.push(String((await guard.fetch('http://127.0.0.1:1/v1/chat/completions')).status));
    } catch (error) {
      results.push(error instanceof ProviderUnreachableError ? 'stopped' : (error as Error).name);
    }
  }
  // refused, refused, 500 (reset), refused, timeout (not counted), refused, timeout, refused (third in a row): tripped.
  expect(results).toEqual([
    'TypeError',
    'TypeError',
    '500',
    'TypeError',
    'TimeoutError',
    'TypeError',
    'TimeoutError',
    'TypeError',
    'stopped',
    'stopped',
  ]);
  expect(calls).toBe(8);
  expect(guard.attempts).toBe(8);
});

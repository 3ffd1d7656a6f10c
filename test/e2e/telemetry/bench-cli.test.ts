/** `mcpgate bench` end to end against the reference server over HTTP and stdio. */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchHttpServer, type LaunchedServer } from '../../../examples/launch.js';
import type { BenchReport } from '../../../src/report/model.js';
import { REFERENCE_SERVER, SDK_EVERYTHING, readJson, referenceStdio, runCli, tempDir } from '../../helpers/cli.js';

const callLog = join(tempDir(), 'calls.log');
let http: LaunchedServer;

beforeAll(async () => {
  http = await launchHttpServer(process.execPath, [REFERENCE_SERVER], { env: { ...process.env, REFERENCE_SERVER_CALL_LOG: callLog } });
});
afterAll(async () => {
  await http.stop();
});

async function bench(
  args: string[],
  env?: NodeJS.ProcessEnv,
): Promise<{ code: number | null; stdout: string; stderr: string; report: BenchReport }> {
  const file = join(tempDir(), 'bench.json');
  const run = await runCli(['bench', ...args, '--report', file], { env, timeoutMs: 30_000 });
  if (run.code !== 0) throw new Error(`mcpgate bench exited ${run.code}: ${run.stderr}`);
  return { ...run, report: readJson<BenchReport>(file) };
}

function expectSaneLatency(report: BenchReport): void {
  const l = report.results.latencyMs;
  expect(l.p50).toBeGreaterThan(0);
  expect(l.p50).toBeLessThanOrEqual(l.p90);
  expect(l.p90).toBeLessThanOrEqual(l.p95);
  expect(l.p95).toBeLessThanOrEqual(l.p99);
  expect(l.p99).toBeLessThanOrEqual(l.max);
}

describe('closed loop', () => {
  it('HTTP tools/list: exactly --requests requests, all answered, sane percentiles', async () => {
    const { report, stdout } = await bench(['--url', http.url, '--requests', '500', '--concurrency', '8']);
    expect(report.schemaVersion).toBe('1.0');
    expect(report.target).toMatchObject({ transport: 'http', era: 'modern', serverInfo: { name: 'mcpgate-reference-server' } });
    expect(report.results.requests).toBe(500);
    expect(report.results.ok).toBe(500);
    expect(report.results.errors).toEqual({});
    expect(report.results.rps).toBeGreaterThan(0);
    expectSaneLatency(report);
    expect(stdout).toMatch(/throughput [\d.]+ requests\/s/);
    expect(stdout).toMatch(/p50 [\d.]+ ms .*p95 [\d.]+ ms .*p99 [\d.]+ ms/);
  });

  it('stdio tools/list: the same, over one server process', async () => {
    const { report } = await bench(['--stdio', referenceStdio(), '--requests', '300', '--concurrency', '4']);
    expect(report.target.transport).toBe('stdio');
    expect(report.results).toMatchObject({ requests: 300, ok: 300, errors: {} });
    expectSaneLatency(report);
  });

  it('a read-only tool is called exactly warm-up + --requests times', async () => {
    const before = readFileSync(callLog, { encoding: 'utf8', flag: 'a+' }).split('\n').filter(Boolean).length;
    const { report } = await bench([
      '--url',
      http.url,
      '--tool',
      'get_weather',
      '--args',
      '{"city":"Paris"}',
      '--requests',
      '120',
      '--warmup',
      '7',
    ]);
    expect(report.settings).toMatchObject({ method: 'tools/call', tool: 'get_weather', warmup: 7 });
    expect(report.results).toMatchObject({ requests: 120, ok: 120, errors: {} });
    const calls = readFileSync(callLog, 'utf8').split('\n').filter(Boolean).slice(before);
    expect(calls).toHaveLength(127);
    expect(new Set(calls)).toEqual(new Set(['get_weather']));
  });
});

describe('a 2025-era server', () => {
  it('is loaded through its initialize session', async () => {
    const { report } = await bench(['--stdio', `"${process.execPath}" "${SDK_EVERYTHING}" --stdio`, '--requests', '60']);
    expect(report.target.era).toBe('legacy');
    expect(report.results).toMatchObject({ requests: 60, ok: 60, errors: {} });
  });
});

describe('open loop (fixed rate)', () => {
  it('sends rate x duration requests', async () => {
    const { report } = await bench(['--url', http.url, '--rate', '200', '--duration', '1s', '--quiet']);
    expect(report.settings.mode).toEqual({ kind: 'rate', rate: 200, maxInFlight: 64 });
    expect(report.results.requests).toBeGreaterThanOrEqual(190);
    expect(report.results.requests).toBeLessThanOrEqual(210);
    expect(report.results.ok).toBe(report.results.requests);
    expectSaneLatency(report);
  });

  it('stops at --requests when it comes before the duration', async () => {
    const { report } = await bench(['--url', http.url, '--rate', '1000', '--requests', '50', '--duration', '1m', '--quiet']);
    expect(report.results.requests).toBe(50);
  });
});

describe('a dying server', () => {
  const crashAfter5 = { ...process.env, REFERENCE_SERVER_CRASH_AFTER_CALLS: '5' };

  it('stdio: stops once the server process is gone, with the failures counted by kind', async () => {
    const { report, stdout } = await bench(
      [
        '--stdio',
        referenceStdio(),
        '--tool',
        'get_weather',
        '--args',
        '{"city":"Paris"}',
        '--requests',
        '200',
        '--env',
        'REFERENCE_SERVER_CRASH_AFTER_CALLS',
      ],
      crashAfter5,
    );
    expect(report.results.requests).toBeLessThan(200);
    expect(report.results.ok).toBeLessThanOrEqual(5);
    expect(report.results.errors.exited).toBeGreaterThan(0);
    const failed = Object.values(report.results.errors).reduce((a, b) => a + b, 0);
    expect(report.results.ok + failed).toBe(report.results.requests);
    expect(stdout).toMatch(/errors +\d+: exited \d+/);
  });

  it('stdio: a duration bound ends the run too', async () => {
    const { report } = await bench(
      [
        '--stdio',
        referenceStdio(),
        '--tool',
        'get_weather',
        '--args',
        '{"city":"Paris"}',
        '--duration',
        '500ms',
        '--env',
        'REFERENCE_SERVER_CRASH_AFTER_CALLS',
      ],
      crashAfter5,
    );
    expect(report.results.errors.exited).toBeGreaterThan(0);
    expect(report.results.durationMs).toBeLessThan(10_000);
  });

  it('HTTP: the server exits mid-run; refused or reset connections are reported', async () => {
    const dying = await launchHttpServer(process.execPath, [REFERENCE_SERVER], { env: crashAfter5 });
    try {
      const { report } = await bench(
        ['--url', dying.url, '--tool', 'get_weather', '--args', '{"city":"Paris"}', '--requests', '100', '--timeout', '2000'],
        crashAfter5,
      );
      expect(report.results.requests).toBe(100);
      expect(report.results.ok).toBeLessThanOrEqual(5);
      const kinds = Object.keys(report.results.errors);
      expect(kinds.length).toBeGreaterThan(0);
      for (const kind of kinds) expect(['refused', 'reset', 'timeout']).toContain(kind);
    } finally {
      await dying.stop();
    }
  });
});

describe('refusals and exit codes', () => {
  it('refuses a tool that is not read-only unless --allow-tool names it (exit 2, one line)', async () => {
    const run = await runCli(['bench', '--url', http.url, '--tool', 'delete_invoice', '--requests', '3']);
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain('--allow-tool delete_invoice');
    const log = readFileSync(callLog, 'utf8');
    expect(log).not.toContain('delete_invoice');
  });

  it('an unknown tool is a usage error naming the tools offered', async () => {
    const run = await runCli(['bench', '--url', http.url, '--tool', 'no_such_tool', '--requests', '3']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('get_weather');
  });

  it('an unreachable target exits 3', async () => {
    const refused = await runCli(['bench', '--url', 'http://127.0.0.1:1/mcp', '--requests', '3']);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain('connection refused');
    const missing = await runCli(['bench', '--stdio', 'mcpgate-no-such-command-xyz', '--requests', '3']);
    expect(missing.code).toBe(3);
  });

  it('a server that wants credentials exits 4', async () => {
    const guarded = await launchHttpServer(process.execPath, [REFERENCE_SERVER], {
      env: { ...process.env, REFERENCE_SERVER_TOKEN: 's3cret' },
    });
    try {
      const run = await runCli(['bench', '--url', guarded.url, '--requests', '3']);
      expect(run.code).toBe(4);
      const ok = await runCli(['bench', '--url', guarded.url, '--requests', '3', '--header', 'Authorization: Bearer s3cret', '--quiet']);
      expect(ok.code).toBe(0);
      expect(ok.stdout).toMatch(/^3 requests, .* 0 errors\n$/);
    } finally {
      await guarded.stop();
    }
  });

  it('bad flags exit 2 with a one-line reason naming the flag', async () => {
    const cases: [string[], string][] = [
      [['--duration', 'soon'], '--duration needs a duration'],
      [['--args', '{}'], '--args needs --tool'],
      [['--rate', '0'], '--rate needs a positive number'],
      [['--instances', '2'], 'repeat --url once per instance'],
      [['--tool', 'get_weather', '--args', '[1]'], '--args must be a JSON object'],
    ];
    for (const [args, message] of cases) {
      const run = await runCli(['bench', '--url', http.url, ...args]);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr, args.join(' ')).toContain(message);
    }
  });
});

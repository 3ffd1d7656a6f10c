/**
 * Layer 2 on servers mcpgate did not write: an SDK v2 stdio server that ignores malformed lines is
 * judged by its silence within --probe-timeout (saying what was sent), and a legacy server's surface
 * is scanned through the 2025-11-25 handshake instead of reporting "0 tools, no findings".
 */

import { join } from 'node:path';
import { expect, it } from 'vitest';
import { runOfflineChaos } from '../../../src/resilience/offline.js';
import { SDK_EVERYTHING, SDK_SERVER, runCli, tempDir } from '../../helpers/cli.js';
import { readPossibleReport } from '../../helpers/report-invariants.js';

const SILENT_PROBES = ['robust.malformed-json', 'robust.batch', 'robust.wrong-param-types'];

it('an SDK v2 stdio server that ignores malformed lines fails those probes within the probe timeout, naming what was sent', async () => {
  const { report } = await runOfflineChaos({
    target: { kind: 'stdio', command: `"${process.execPath}" "${SDK_SERVER}" --stdio` },
    connect: { timeoutMs: 10_000, maxResponseBytes: 8 << 20 },
    probeTimeoutMs: 1_500,
    allowTools: [],
  });
  const failed = report.checks.filter((c) => c.status === 'fail').map((c) => c.id);
  expect(failed).toEqual(SILENT_PROBES);
  for (const id of SILENT_PROBES) {
    const check = report.checks.find((c) => c.id === id)!;
    expect(check.message).toMatch(/sent \[?\{"jsonrpc":"2\.0","id":"mcpgate-[a-z]+-\d+".* on stdin; nothing came back within 1500 ms/);
    expect(check.message).not.toContain('10000 ms');
  }
  // The SDK answers arguments "x" with its zod issues pretty-printed over many lines: the message
  // carries them flattened, the evidence keeps the whole text.
  const params = report.checks.find((c) => c.id === 'robust.wrong-param-types')!;
  expect(params.message).toMatch(/JSON-RPC error -32602 "Invalid tools\/call request: \[ \{ "expected": "record"/);
  expect(params.message).not.toMatch(/[\r\n]/);
  expect(params.evidence.map((e) => e.received ?? '').join('')).toMatch(/\\n|\n/);
  expect(report.verdict.exitCode).toBe(1);
});

it('--probe-timeout is a documented chaos flag with a default of 5000 ms', async () => {
  const help = await runCli(['chaos', '--help']);
  expect(help.stdout).toMatch(/--probe-timeout <ms>[\s\S]*\(default: 5000\)/);
  const bad = await runCli(['chaos', '--stdio', 'node x.js', '--probe-timeout', '0']);
  expect(bad.code).toBe(2);
  expect(bad.stderr.trim().split('\n')).toHaveLength(1);
});

it.each(['stdio', 'http'] as const)(
  'chaos on a legacy server over %s scans its tools through the legacy handshake, exit 3',
  async (transport) => {
    const dir = tempDir();
    const out = join(dir, 'chaos.json');
    const target = transport === 'stdio' ? ['--stdio', `"${process.execPath}" "${SDK_EVERYTHING}" --stdio`] : undefined;
    const args = target ?? ['--url', 'placeholder'];
    if (transport === 'http') {
      const { launchHttpServer } = await import('../../../examples/launch.js');
      const server = await launchHttpServer(process.execPath, [SDK_EVERYTHING, '--http']);
      try {
        args[1] = server.url;
        await assertLegacyScan(args, out);
      } finally {
        await server.stop();
      }
    } else {
      await assertLegacyScan(args, out);
    }
  },
);

async function assertLegacyScan(args: string[], out: string): Promise<void> {
  const run = await runCli(['chaos', ...args, '--report', out], { timeoutMs: 60_000 });
  expect(run.code).toBe(3);
  const report = readPossibleReport(out);
  expect(report.target.era).toBe('legacy');
  expect(report.chaos?.scan.scanned.tools).toBeGreaterThan(0);
  expect(run.stdout).not.toMatch(/scanned 0 tools/);
  expect(run.stdout).toMatch(
    /the security scan read its surface through the 2025-11-25 handshake \(\d+ tool\(s\): [^)]+\), the probes did not run/,
  );
  expect(report.checks.length).toBeGreaterThan(0);
  expect(report.checks.every((c) => c.status === 'skip')).toBe(true);
}

it('mcpgate.yaml takes chaos.probe_timeout_ms for run, and refuses a bad value naming the key', async () => {
  const { parseConfig } = await import('../../../src/pipeline/config.js');
  const { planRun } = await import('../../../src/pipeline/run-plan.js');
  const base = 'server:\n  url: http://127.0.0.1:1/mcp\nchaos:\n  enabled: true\n';
  expect(planRun(parseConfig(`${base}  probe_timeout_ms: 1500\n`, 'mcpgate.yaml'), 'mcpgate.yaml').chaos?.probeTimeoutMs).toBe(1500);
  expect(planRun(parseConfig(base, 'mcpgate.yaml'), 'mcpgate.yaml').chaos?.probeTimeoutMs).toBe(5000);
  expect(() => parseConfig(`${base}  probe_timeout_ms: 0\n`, 'mcpgate.yaml')).toThrow(/chaos\.probe_timeout_ms/);
});

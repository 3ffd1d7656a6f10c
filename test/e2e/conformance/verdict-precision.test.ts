/**
 * Verdicts that were wrong or misleading on servers mcpgate did not ship (issue 12): a missing
 * resultType is a MUST failure for a 2026-07-28 server, and a listen answered as plain JSON is
 * judged from its content type at once, quoting what arrived.
 */

import { afterAll, expect, it } from 'vitest';
import { launchHttpServer, type LaunchedServer } from '../../../examples/launch.js';
import { ALL_CHECKS } from '../../../src/conformance/checks/index.js';
import { runConformance } from '../../../src/conformance/runner.js';
import type { Report } from '../../../src/report/model.js';
import { REFERENCE_SERVER, SDK_SERVER } from '../../helpers/cli.js';

const servers: LaunchedServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
});

async function checkVariant(variant: string, timeoutMs = 5_000): Promise<Report> {
  const server = await launchHttpServer(process.execPath, [REFERENCE_SERVER, '--break', variant]);
  servers.push(server);
  return runConformance({
    target: { kind: 'http', url: server.url },
    checks: [...ALL_CHECKS],
    strict: false,
    allowTools: [],
    connect: { timeoutMs, maxResponseBytes: 1 << 22 },
    concurrency: 8,
    eofGraceMs: 5_000,
  });
}

it('a 2026-07-28 server that omits resultType fails result.result-type at MUST; the schema audit does not count it again', async () => {
  const report = await checkVariant('missing-result-type');
  const result = report.checks.find((c) => c.id === 'result.result-type')!;
  expect(result.level).toBe('MUST');
  expect(result.status).toBe('fail');
  expect(result.message).toMatch(/have no resultType, which a 2026-07-28 server MUST send/);
  expect(result.message).not.toMatch(/treated as "complete"/);
  const schema = report.checks.find((c) => c.id === 'wire.schema-valid')!;
  expect(schema.status).toBe('pass');
  expect(schema.message).toContain('judged by result.result-type');
  expect(report.verdict.exitCode).toBe(1);
});

it('subscriptions/listen answered as application/json fails at once on the content type, quoting the body', async () => {
  const report = await checkVariant('listen-as-json');
  const result = report.checks.find((c) => c.id === 'subscriptions.acknowledged')!;
  expect(result.status).toBe('fail');
  expect(result.message).toMatch(
    /^subscriptions\/listen was answered as application\/json, not text\/event-stream: \{.*notifications\/subscriptions\/acknowledged/,
  );
  expect(result.message).not.toContain('\n');
  // The body never ends; waiting for it would end in the 3 s listen timeout, named in the evidence.
  const received = result.evidence.map((e) => e.received ?? '').join('\n');
  expect(received).toContain('notifications/subscriptions/acknowledged');
  expect(received).not.toMatch(/within \d+ ms/);
});

it('the fix for a stateful SDK v2 stdio server names what the SDK does and what its user can change', async () => {
  const report = await runConformance({
    target: { kind: 'stdio', command: `"${process.execPath}" "${SDK_SERVER}" --stdio` },
    checks: [...ALL_CHECKS],
    strict: false,
    allowTools: [],
    connect: { timeoutMs: 5_000, maxResponseBytes: 1 << 22 },
    concurrency: 8,
    eofGraceMs: 5_000,
  });
  const stateless = report.checks.find((c) => c.id === 'meta.stateless')!;
  expect(stateless.status).toBe('fail');
  expect(stateless.fix).toMatch(/serveStdio\(\) fixes the era from the connection's first message and never re-checks/);
  expect(stateless.fix).toContain("serveStdio(factory, { legacy: 'reject' })");
});

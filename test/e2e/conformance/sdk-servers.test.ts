/**
 * Servers nobody here wrote: the official TypeScript SDK v2 in stateless mode (HTTP and stdio) and
 * the legacy 2025-era server-everything. Where the SDK deviates from the spec, the spec wins and the
 * deviation is reported with evidence; see test/fixtures/README.md for the exact exchanges.
 */

import { afterAll, describe, expect, it } from 'vitest';
import { launchHttpServer, type LaunchedServer } from '../../../examples/launch.js';
import type { Report } from '../../../src/report/model.js';
import type { Target } from '../../../src/wire/target.js';
import { SDK_EVERYTHING, SDK_SERVER } from '../../helpers/cli.js';
import { checkTarget } from '../../helpers/conformance.js';

const servers: LaunchedServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
});

async function http(script: string, ...args: string[]): Promise<Target> {
  const server = await launchHttpServer(process.execPath, [script, '--http', ...args]);
  servers.push(server);
  return { kind: 'http', url: server.url };
}

function stdio(script: string, ...args: string[]): Target {
  return { kind: 'stdio', command: `"${process.execPath}" "${script}" --stdio ${args.join(' ')}` };
}

function notPassing(report: Report): Record<string, string> {
  return Object.fromEntries(report.checks.filter((c) => c.status !== 'pass' && c.status !== 'skip').map((c) => [c.id, c.status]));
}

describe('official SDK v2 server (stateless 2026-07-28)', () => {
  it('over HTTP: conformant except for two SHOULDs (invalid cursor accepted, -32000 on HTTP refusals)', async () => {
    const report = await checkTarget(await http(SDK_SERVER));
    expect(report.target.era).toBe('modern');
    expect(notPassing(report)).toEqual({ 'pagination.invalid-cursor': 'warn', 'errors.implementation-defined-range': 'warn' });
    expect(report.verdict.exitCode).toBe(0);
    // Nothing this server serves answers input_required and no tool reports progress: those checks skip, saying how to give them one.
    const skipped = report.checks.filter((c) => c.status === 'skip');
    const mrtr = skipped.filter((c) => c.id.startsWith('mrtr.'));
    expect(mrtr.map((c) => c.id).sort()).toEqual(
      report.checks
        .filter((c) => c.id.startsWith('mrtr.') && c.id !== 'mrtr.removed-elicitation')
        .map((c) => c.id)
        .sort(),
    );
    for (const check of mrtr)
      expect(check.message).toMatch(
        /^no tool, resource or prompt answered input_required \(\d+ safe tool call\(s\), 1 resource read\(s\), 1 prompt get\(s\) tried\); name a tool call in config \(check\.calls\)/,
      );
    expect(skipped.find((c) => c.id === 'progress.notifications')?.message).toMatch(/^no tool sent progress when given a progressToken/);
    expect(report.checks.find((c) => c.id === 'mrtr.removed-elicitation')?.status).toBe('pass');
  });

  it('over HTTP without its Host and Origin guards: http.origin fails and http.host warns, with evidence', async () => {
    const report = await checkTarget(await http(SDK_SERVER, '--no-origin-check'));
    expect(notPassing(report)).toEqual({
      'http.origin': 'fail',
      'http.host': 'warn',
      'pagination.invalid-cursor': 'warn',
      'errors.implementation-defined-range': 'warn',
    });
    const origin = report.checks.find((c) => c.id === 'http.origin')!;
    expect(origin.evidence[0]!.sent).toContain('Origin: https://evil.example');
    expect(origin.evidence[0]!.received).toMatch(/^HTTP 200/);
  });

  it('over stdio: the SDK keeps protocol state per connection, which the spec forbids', async () => {
    const report = await checkTarget(stdio(SDK_SERVER));
    expect(notPassing(report)).toEqual({
      // After the first request the SDK ignores the per-request version: 1900-01-01 is served.
      'discover.unsupported-version': 'fail',
      // A first request without a version starts a 2025-era connection instead of getting -32602.
      'meta.stateless': 'fail',
      // id null gets no answer at all on stdio.
      'jsonrpc.null-id': 'warn',
      'pagination.invalid-cursor': 'warn',
    });
    expect(report.verdict.exitCode).toBe(1);
    // Both failures are the SDK's transport, and the fix says so rather than sending the author into their own code.
    for (const id of ['discover.unsupported-version', 'meta.stateless'])
      expect(report.checks.find((c) => c.id === id)!.fix, id).toContain('serveStdio()');
    const stateless = report.checks.find((c) => c.id === 'meta.stateless')!;
    expect(stateless.evidence[0]!.sent).toContain('"method":"tools/list"');
    expect(stateless.evidence[0]!.received).toContain('"result"');
  });
});

describe('legacy 2025-11-25 server (server-everything)', () => {
  for (const transport of ['http', 'stdio'] as const) {
    it(`over ${transport}: recognised as legacy, one clear failure, exit 3`, async () => {
      const report = await checkTarget(transport === 'http' ? await http(SDK_EVERYTHING) : stdio(SDK_EVERYTHING));
      expect(report.target.era).toBe('legacy');
      expect(report.target.supportedVersions).toEqual(['2025-11-25']);
      expect(report.target.serverInfo?.name).toBe('mcp-servers/everything');
      expect(notPassing(report)).toEqual({ 'discover.responds': 'fail' });
      expect(report.checks.filter((c) => c.status === 'skip').length).toBe(report.checks.length - 1);
      expect(report.verdict.exitCode).toBe(3);
      expect(report.verdict.reason).toBe(
        'not a 2026-07-28 server: it does not answer server/discover, but completes the 2025-era initialize handshake offering protocol version 2025-11-25',
      );
    });
  }
});

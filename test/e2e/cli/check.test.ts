/** The `mcpgate check` contract: report files, exit codes, expected failures, --strict, tool safety. */

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchHttpServer, type LaunchedServer } from '../../../examples/launch.js';
import { parseReport } from '../../../src/report/json.js';
import { REFERENCE_SERVER, readJson, referenceStdio, runCli, tempDir } from '../../helpers/cli.js';

const servers: Record<string, LaunchedServer> = {};
const callLog = join(tempDir(), 'calls.log');

beforeAll(async () => {
  const env = { ...process.env, REFERENCE_SERVER_CALL_LOG: callLog };
  const [good, cursor, ping] = await Promise.all([
    launchHttpServer(process.execPath, [REFERENCE_SERVER], { env }),
    launchHttpServer(process.execPath, [REFERENCE_SERVER, '--break', 'invalid-cursor-accepted']),
    launchHttpServer(process.execPath, [REFERENCE_SERVER, '--break', 'answers-ping']),
  ]);
  Object.assign(servers, { good, cursor, ping });
});
afterAll(async () => {
  await Promise.all(Object.values(servers).map((s) => s.stop()));
});

describe('reports', () => {
  it('writes a JSON report with the documented fields and a JUnit file, exit 0', async () => {
    const dir = tempDir();
    const run = await runCli(['check', '--url', servers.good!.url, '--report', join(dir, 'r.json'), '--junit', join(dir, 'j.xml')]);
    expect(run.code).toBe(0);
    const text = readFileSync(join(dir, 'r.json'), 'utf8');
    const report = parseReport(text);
    expect(report.checks.length).toBeGreaterThanOrEqual(40);
    for (const check of report.checks) {
      expect(Object.keys(check)).toEqual(expect.arrayContaining(['id', 'title', 'level', 'status', 'specRef', 'evidence']));
      expect(['MUST', 'SHOULD']).toContain(check.level);
    }
    const discover = report.checks.find((c) => c.id === 'discover.supported-versions')!;
    expect(discover.status).toBe('pass');
    expect(discover.evidence[0]!.sent).toContain('server/discover');
    expect(discover.evidence[0]!.received).toContain('2026-07-28');
    expect(report.target.serverInfo?.name).toBe('mcpgate-reference-server');
    const junit = readFileSync(join(dir, 'j.xml'), 'utf8');
    expect(junit).toContain('<testsuites name="mcpgate"');
    expect(junit).toContain('discover.supported-versions');
    expect(run.stdout).toContain('every MUST check passed');
  });

  it('never calls a destructive or non-read-only tool', async () => {
    const calls = readFileSync(callLog, 'utf8').trim().split('\n');
    expect(calls.length).toBeGreaterThan(0);
    expect(calls).not.toContain('send_email');
    expect(calls).not.toContain('delete_invoice');
    expect(calls).not.toContain('create_invoice');
  });
});

describe('SHOULD rules and --strict', () => {
  it('a SHOULD violation is a warning (exit 0) and a failure under --strict (exit 1)', async () => {
    const lenient = await runCli(['check', '--url', servers.cursor!.url]);
    expect(lenient.code).toBe(0);
    expect(lenient.stdout).toMatch(/! pagination\.invalid-cursor/);
    const strict = await runCli(['check', '--url', servers.cursor!.url, '--strict']);
    expect(strict.code).toBe(1);
    expect(strict.stdout).toMatch(/✗ pagination\.invalid-cursor/);
  });
});

describe('expected failures', () => {
  it('a listed failing check is tolerated: exit 0', async () => {
    const file = join(tempDir(), 'expected.txt');
    writeFileSync(file, '# known gap, tracked in our issue tracker\nremoved.ping\n');
    const run = await runCli(['check', '--url', servers.ping!.url, '--expected-failures', file]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('expected failure');
  });

  it('without the file the same server fails: exit 1', async () => {
    const run = await runCli(['check', '--url', servers.ping!.url]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('removed.ping');
  });

  it('a listed check that now passes is stale and fails the run', async () => {
    const dir = tempDir();
    const file = join(dir, 'expected.txt');
    writeFileSync(file, '- removed.ping\n- http.origin\n');
    const run = await runCli(['check', '--url', servers.ping!.url, '--expected-failures', file, '--report', join(dir, 'r.json')]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/stale/i);
    expect(readJson<{ summary: { staleExpectedFailures: string[] } }>(join(dir, 'r.json')).summary.staleExpectedFailures).toEqual([
      'http.origin',
    ]);
  });

  it('an unknown id in the file is a usage error naming file and line', async () => {
    const file = join(tempDir(), 'expected.txt');
    writeFileSync(file, 'removed.ping\nremoved.pnig\n');
    const run = await runCli(['check', '--url', servers.ping!.url, '--expected-failures', file]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`${file}:2: "removed.pnig" is not a check id`);
  });

  it('a missing file is a usage error', async () => {
    const run = await runCli(['check', '--url', servers.ping!.url, '--expected-failures', '/nonexistent/expected.txt']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('expected-failures file not found');
  });
});

describe('stdio', () => {
  it('checks the reference server over stdio and writes a report', async () => {
    const dir = tempDir();
    const run = await runCli(['check', '--stdio', referenceStdio(), '--report', join(dir, 'r.json')]);
    expect(run.code).toBe(0);
    const report = readJson<{ target: { transport: string }; checks: Array<{ id: string; status: string }> }>(join(dir, 'r.json'));
    expect(report.target.transport).toBe('stdio');
    expect(report.checks.find((c) => c.id === 'stdio.stdout-only-jsonrpc')?.status).toBe('pass');
    expect(report.checks.some((c) => c.id.startsWith('http.'))).toBe(false);
  });

  it('--list-checks prints every id with its level', async () => {
    const run = await runCli(['check', '--list-checks']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^discover\.responds\tMUST\t/m);
    expect(run.stdout).toMatch(/^http\.get-405\tSHOULD\t/m);
  });
});

describe('credentials', () => {
  const token = 'tok-3f9a1c0d7e5b4a2f9c8d7e6f5a4b3c2d';
  let secured: LaunchedServer;
  beforeAll(async () => {
    secured = await launchHttpServer(process.execPath, [REFERENCE_SERVER], { env: { ...process.env, REFERENCE_SERVER_TOKEN: token } });
  });
  afterAll(async () => secured.stop());

  it('a server that wants a token: exit 4 with a hint to pass --header', async () => {
    const run = await runCli(['check', '--url', secured.url]);
    expect(run.code).toBe(4);
    expect(run.stdout).toMatch(/requires authentication \(HTTP 401, WWW-Authenticate: Bearer realm=/);
    expect(run.stdout).toContain('--header "Authorization: Bearer <token>"');
  });

  it('with --header the run passes, and the token appears in no output or report', async () => {
    const dir = tempDir();
    const run = await runCli([
      'check',
      '--url',
      secured.url,
      '--header',
      `Authorization: Bearer ${token}`,
      '--report',
      join(dir, 'r.json'),
      '--junit',
      join(dir, 'j.xml'),
      '--verbose',
    ]);
    expect(run.code).toBe(0);
    const everything = [run.stdout, run.stderr, readFileSync(join(dir, 'r.json'), 'utf8'), readFileSync(join(dir, 'j.xml'), 'utf8')].join(
      '\n',
    );
    expect(everything).not.toContain(token);
    expect(everything).toContain('Authorization: [REDACTED]');
  });

  it('a malformed --header is a usage error', async () => {
    const run = await runCli(['check', '--url', secured.url, '--header', 'no colon here']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--header needs "Name: value"');
  });
});

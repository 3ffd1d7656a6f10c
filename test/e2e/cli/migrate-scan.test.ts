/** `mcpgate migrate-scan` on a small 2025-era suite, on a tree with skipped folders, and on mcpgate's own src/. */

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ScanResult } from '../../../src/migrate-scan/scan.js';
import { ROOT, runCli, tempDir } from '../../helpers/cli.js';

const SUITE = join(ROOT, 'test/fixtures/legacy-suite');

async function scan(path: string): Promise<{ code: number | null; result: ScanResult }> {
  const run = await runCli(['migrate-scan', path, '--json']);
  return { code: run.code, result: JSON.parse(run.stdout) as ScanResult };
}

const short = (r: ScanResult): Array<[string, number, number, string, string]> =>
  r.findings.map((f) => [f.file, f.line, f.column, f.rule, f.text]);

describe('mcpgate migrate-scan', () => {
  it('lists every pre-2026-07-28 assumption of the legacy suite with its place and fix, and nothing else', async () => {
    const { code, result } = await scan(SUITE);
    expect(code).toBe(1);
    expect(result.filesScanned).toBe(6);
    expect(short(result)).toEqual([
      ['config/healthcheck.yaml', 6, 13, 'ping', 'ping'],
      ['fixtures/initialize-exchange.json', 5, 15, 'initialize', '"initialize"'],
      ['fixtures/initialize-exchange.json', 8, 25, 'session-id', 'Mcp-Session-Id'],
      ['README.md', 8, 7, 'session-id', 'Mcp-Session-Id'],
      ['tests/handshake.spec.mjs', 10, 27, 'session-id', 'Mcp-Session-Id'],
      ['tests/handshake.spec.mjs', 17, 37, 'initialize', "'initialize'"],
      ['tests/handshake.spec.mjs', 18, 34, 'session-id', 'mcp-session-id'],
      ['tests/handshake.spec.mjs', 21, 88, 'session-id', 'Mcp-Session-Id'],
      ['tests/handshake.spec.mjs', 21, 165, 'initialized-notification', "'notifications/initialized'"],
      ['tests/handshake.spec.mjs', 25, 32, 'ping', "'ping'"],
      ['tests/handshake.spec.mjs', 31, 34, 'resource-not-found-code', '-32002'],
      ['tests/handshake.spec.mjs', 37, 34, 'session-error-codes', '-32001'],
      ['tests/handshake.spec.mjs', 41, 47, 'get-sse-stream', "'GET'"],
      ['tests/handshake.spec.mjs', 41, 95, 'last-event-id', 'Last-Event-ID'],
      ['tests/handshake.spec.mjs', 46, 44, 'delete-session', "'DELETE'"],
      ['tests/handshake.spec.mjs', 46, 66, 'session-id', 'Mcp-Session-Id'],
      ['tests/test_resources.py', 9, 51, 'session-id', 'Mcp-Session-Id'],
      ['tests/test_resources.py', 13, 74, 'resources-subscribe', '"resources/subscribe"'],
      ['tests/test_resources.py', 18, 26, 'resources-unsubscribe', '"resources/unsubscribe"'],
      ['tests/test_resources.py', 22, 41, 'logging-set-level', '"logging/setLevel"'],
      ['tests/test_resources.py', 27, 29, 'url-elicitation-code', '-32042'],
    ]);
    // tests/migrated.spec.mjs asserts the 2026-07-28 behaviour (and calls a tool named ping): no findings.
    expect(result.findings.some((f) => f.file.includes('migrated'))).toBe(false);
    const initialize = result.findings.find((f) => f.rule === 'initialize')!;
    expect(initialize.fix).toContain('send server/discover');
    expect(initialize.fix).toContain('_meta');
  });

  it('prints file:line:column, the match and the fix', async () => {
    const run = await runCli(['migrate-scan', join(SUITE, 'tests/test_resources.py')]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      `${join(SUITE, 'tests/test_resources.py')}:13:74  resources-subscribe  "resources/subscribe"\n    subscribes with resources/subscribe; fix: resources/subscribe was removed: open subscriptions/listen`,
    );
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe('5 pre-2026-07-28 assumption(s) in 1 of 1 file(s) scanned');
  });

  it('skips node_modules, .git, dist and oversized files; exits 0 when clean and 2 on a bad path', async () => {
    const dir = tempDir();
    for (const skipped of ['node_modules/old-sdk', '.git/hooks', 'dist']) {
      mkdirSync(join(dir, skipped), { recursive: true });
      writeFileSync(join(dir, skipped, 'client.js'), "await client.request('initialize', {});\n");
    }
    writeFileSync(join(dir, 'big.json'), `{"method": "ping", "pad": "${'x'.repeat(1024 * 1024)}"}`);
    writeFileSync(join(dir, 'clean.ts'), "await client.request('server/discover', {});\n");
    const { code, result } = await scan(dir);
    expect(code).toBe(0);
    expect(result).toMatchObject({ filesScanned: 1, filesSkipped: ['big.json'], findings: [] });

    const bad = await runCli(['migrate-scan', join(dir, 'missing')]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe(`mcpgate: cannot scan ${join(dir, 'missing')}: ENOENT\n`);
  });

  it('on mcpgate itself, flags only the code that deliberately speaks the 2025 era', async () => {
    // src/ names removed methods, headers and codes in tables, titles and messages; those are not
    // findings. What remains sends initialize on purpose: the legacy client and the removed-method probe.
    const { result } = await scan(join(ROOT, 'src'));
    expect(result.filesScanned).toBeGreaterThan(100);
    expect([...new Set(result.findings.map((f) => f.file))].sort()).toEqual(['conformance/checks/removed.ts', 'wire/legacy-client.ts']);
    expect(new Set(result.findings.map((f) => f.rule))).toEqual(new Set(['initialize', 'initialized-notification', 'session-id']));
  });
});

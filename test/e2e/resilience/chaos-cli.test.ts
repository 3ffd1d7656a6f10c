/**
 * The `mcpgate chaos` contract, through the built CLI: exit codes, the pin file on disk, the JSON
 * report, and usage errors.
 */

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseReport } from '../../../src/report/json.js';
import { ROOT, readJson, referenceStdio, runCli, tempDir } from '../../helpers/cli.js';
import { closedPortUrl } from '../../helpers/fake-servers.js';

const poisonedStdio = `"${process.execPath}" "${join(ROOT, 'dist/examples/poisoned-server/main.js')}" --stdio`;

describe('mcpgate chaos', () => {
  it('passes the reference server (exit 0), writes the pin file once and the report', async () => {
    const dir = tempDir();
    const lock = join(dir, 'tools.lock');
    const first = await runCli(['chaos', '--stdio', referenceStdio(), '--pins', lock, '--report', join(dir, 'r.json')]);
    expect(first.code).toBe(0);
    expect(first.stderr).toContain('did not exist; pinned 16 tool(s)');
    const written = readFileSync(lock, 'utf8');
    expect(written.endsWith('\n')).toBe(true);
    const report = parseReport(readFileSync(join(dir, 'r.json'), 'utf8'));
    expect(report.checks.length).toBeGreaterThan(0);
    expect(report.checks.every((c) => c.area === 'robustness' && c.status === 'pass')).toBe(true);
    expect(readJson<{ chaos: { scan: { findings: unknown[] }; pins: { status: string } } }>(join(dir, 'r.json')).chaos).toMatchObject({
      scan: { findings: [] },
      pins: { status: 'written' },
    });
    const second = await runCli(['chaos', '--stdio', referenceStdio(), '--pins', lock]);
    expect(second.code).toBe(0);
    expect(second.stderr).toBe('');
    expect(readFileSync(lock, 'utf8')).toBe(written);
  });

  it('a server that crashes under a probe: exit 1, the probe named', async () => {
    const run = await runCli(['chaos', '--stdio', referenceStdio('--break crash-on-bad-json')]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/✗ robust\.malformed-json/);
    expect(run.stdout).toContain('1 robustness probe(s) failed: robust.malformed-json');
  });

  it('a poisoned server: exit 1, the high-severity findings named', async () => {
    const run = await runCli(['chaos', '--stdio', poisonedStdio, '--quiet']);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/high-severity scan finding\(s\): .*unicode-tags in tool get_weather/);
  });

  it('usage errors are exit 2 with one line: --update-pins alone, an unknown model provider, a broken pin file', async () => {
    const updateAlone = await runCli(['chaos', '--stdio', referenceStdio(), '--update-pins']);
    expect([updateAlone.code, updateAlone.stderr.trim()]).toEqual([2, 'mcpgate: --update-pins needs --pins FILE']);
    const model = await runCli(['chaos', '--stdio', referenceStdio(), '--model', 'acme:model-1']);
    expect(model.code).toBe(2);
    expect(model.stderr).toContain('acme');
    const lock = join(tempDir(), 'tools.lock');
    writeFileSync(lock, '{"version": 1, "tools": []}');
    const broken = await runCli(['chaos', '--stdio', referenceStdio(), '--pins', lock]);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toContain('tools must be a mapping of tool names to pins');
  });

  it('an unreachable server is exit 3 and writes no pin file', async () => {
    const lock = join(tempDir(), 'tools.lock');
    const run = await runCli(['chaos', '--url', await closedPortUrl(), '--pins', lock]);
    expect(run.code).toBe(3);
    expect(existsSync(lock)).toBe(false);
  });
});

/** The statelessness probe: load spread over instances, answers compared. */

import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchHttpServer, type LaunchedServer } from '../../../examples/launch.js';
import type { BenchReport } from '../../../src/report/model.js';
import { REFERENCE_SERVER, ROOT, readJson, referenceStdio, runCli, tempDir } from '../../helpers/cli.js';

const DIVERGENT = join(ROOT, 'dist/test/fixtures/bench-divergent-server.js');
const servers: LaunchedServer[] = [];

beforeAll(async () => {
  servers.push(
    ...(await Promise.all([
      launchHttpServer(process.execPath, [REFERENCE_SERVER]),
      launchHttpServer(process.execPath, [REFERENCE_SERVER]),
    ])),
  );
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
});

async function bench(args: string[]): Promise<{ stdout: string; report: BenchReport }> {
  const file = join(tempDir(), 'bench.json');
  const run = await runCli(['bench', ...args, '--report', file]);
  if (run.code !== 0) throw new Error(`mcpgate bench exited ${run.code}: ${run.stderr}`);
  return { stdout: run.stdout, report: readJson<BenchReport>(file) };
}

describe('statelessness probe', () => {
  it('two reference servers over HTTP: load split evenly, no divergence', async () => {
    const { report, stdout } = await bench(['--url', servers[0]!.url, '--url', servers[1]!.url, '--requests', '200']);
    const probe = report.statelessness!;
    expect(probe.divergent).toBe(false);
    expect(probe.findings).toEqual([]);
    expect(probe.instances.map((i) => i.requests)).toEqual([100, 100]);
    expect(probe.instances.every((i) => i.compared > 0)).toBe(true);
    expect(report.results.ok).toBe(200);
    expect(stdout).toContain('no divergence across 2 instances');
  });

  it('a read-only tool on three reference stdio processes: no divergence', async () => {
    const { report } = await bench([
      '--stdio',
      referenceStdio(),
      '--instances',
      '3',
      '--tool',
      'get_weather',
      '--args',
      '{"city":"Tokyo"}',
      '--requests',
      '90',
    ]);
    expect(report.settings.instances).toBe(3);
    expect(report.statelessness!.divergent).toBe(false);
    expect(report.statelessness!.instances.map((i) => i.ok)).toEqual([30, 30, 30]);
  });

  it('a tool whose result names its process: divergence, with the instance and an excerpt', async () => {
    const { report, stdout } = await bench([
      '--stdio',
      `"${process.execPath}" "${DIVERGENT}"`,
      '--instances',
      '2',
      '--tool',
      'whoami',
      '--requests',
      '40',
    ]);
    const probe = report.statelessness!;
    expect(probe.divergent).toBe(true);
    expect(probe.findings).toHaveLength(1);
    const finding = probe.findings[0]!;
    expect(finding).toMatchObject({ instance: 2, differing: 20, compared: 20, path: '$.content[0].text' });
    expect(finding.expected).toMatch(/^"served by process [0-9a-f]{12}"$/);
    expect(finding.received).toMatch(/^"served by process [0-9a-f]{12}"$/);
    expect(finding.received).not.toBe(finding.expected);
    expect(stdout).toContain('DIVERGENT');
  });

  it('a tool list that differs per process: divergence in tools/list', async () => {
    const { report } = await bench(['--stdio', `"${process.execPath}" "${DIVERGENT}" --vary-list`, '--instances', '2', '--requests', '20']);
    expect(report.statelessness!.findings[0]).toMatchObject({ instance: 2, path: '$.tools[0].description' });
  });
});

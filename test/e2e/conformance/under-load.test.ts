/**
 * The same verdicts on a busy machine as on an idle one: `mcpgate check` runs against the reference
 * server (HTTP and stdio) and the official SDK v2 fixtures, first as they are, then while one spinning
 * process per core (started and killed here) saturates the machine. Every check id must end with the
 * same status both times. Only checks about time may depend on it, with generous windows measured
 * from the server's own events (docs/bench.md, "Verdicts on a busy machine").
 */

import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchHttpServer, type LaunchedServer } from '../../../examples/launch.js';
import { REFERENCE_SERVER, SDK_SERVER, referenceStdio, runCli, tempDir } from '../../helpers/cli.js';
import { readPossibleReport } from '../../helpers/report-invariants.js';
import { startCpuBurner, type CpuBurner } from '../../helpers/cpu-burner.js';
import { scaledTimeout } from '../../helpers/machine-speed.js';

const dir = tempDir();
const servers: LaunchedServer[] = [];
let burner: CpuBurner | undefined;

afterAll(async () => {
  await burner?.stop();
  await Promise.all(servers.map((s) => s.stop()));
});

async function httpServer(args: string[]): Promise<string> {
  const server = await launchHttpServer(process.execPath, args, { timeoutMs: scaledTimeout(10_000) });
  servers.push(server);
  return server.url;
}

let runs = 0;

/** Status per check id of one whole `mcpgate check` process, and its exit code. */
async function verdicts(target: string[]): Promise<{ exitCode: number | null; statuses: Record<string, string> }> {
  const file = join(dir, `report-${++runs}.json`);
  const run = await runCli(['check', ...target, '--quiet', '--report', file], { timeoutMs: scaledTimeout(60_000) });
  const report = readPossibleReport(file);
  return { exitCode: run.code, statuses: Object.fromEntries(report.checks.map((c) => [c.id, c.status])) };
}

describe('verdicts do not depend on how busy the machine is', () => {
  const targets: Record<string, string[]> = {};
  const idle: Record<string, Awaited<ReturnType<typeof verdicts>>> = {};

  beforeAll(async () => {
    targets['reference over HTTP'] = ['--url', await httpServer([REFERENCE_SERVER])];
    targets['reference over stdio'] = ['--stdio', referenceStdio()];
    targets['SDK v2 over HTTP'] = ['--url', await httpServer([SDK_SERVER, '--http'])];
    targets['SDK v2 over stdio'] = ['--stdio', `"${process.execPath}" "${SDK_SERVER}" --stdio`];
    for (const [name, target] of Object.entries(targets)) idle[name] = await verdicts(target);
  }, scaledTimeout(120_000));

  it(
    'every check of every target ends the same with every core saturated',
    async () => {
      // The idle runs must mean something: the reference server passes, the SDK over stdio fails some.
      expect(idle['reference over stdio']!.exitCode).toBe(0);
      expect(idle['reference over HTTP']!.exitCode).toBe(0);
      expect(Object.values(idle['SDK v2 over stdio']!.statuses)).toContain('fail');

      burner = await startCpuBurner({ maxMs: scaledTimeout(180_000) });
      const busy: typeof idle = {};
      try {
        for (const [name, target] of Object.entries(targets)) busy[name] = await verdicts(target);
      } finally {
        await burner.stop();
      }
      for (const name of Object.keys(targets)) {
        expect({ target: name, ...busy[name] }).toEqual({ target: name, ...idle[name] });
      }
    },
    scaledTimeout(240_000),
  );
});

/** `mcpgate check`: flags -> layer 0 -> reports -> exit code. */

import { ALL_CHECKS } from '../../conformance/checks/index.js';
import { runCheckLayer } from '../../pipeline/check-layer.js';
import { expectedFailuresFrom } from '../../pipeline/expected-failures.js';
import { targetFrom } from '../../pipeline/target.js';
import { writeReports } from '../../report/formats.js';
import { usageError } from '../../shared/input-error.js';
import type { OtlpReceiver } from '../../telemetry/otlp-receiver.js';
import { printReport } from '../display.js';
import type { DisplayFlags, TargetFlags } from '../options.js';
import { outputFiles, type OutputFlags } from '../outputs.js';
import { writeErr, writeOut } from '../console.js';

export interface CheckFlags extends TargetFlags, DisplayFlags, OutputFlags {
  strict?: boolean;
  expectedFailures?: string;
  maxResponseBytes: number;
  concurrency: number;
  otlpReceiver?: number | true;
  listChecks?: boolean;
}

async function startReceiver(portNumber: number): Promise<OtlpReceiver> {
  try {
    const { startOtlpReceiver } = await import('../../telemetry/otlp-receiver.js');
    return await startOtlpReceiver(portNumber);
  } catch (error) {
    throw usageError(`--otlp-receiver: ${(error as Error).message}`);
  }
}

export async function check(flags: CheckFlags): Promise<number> {
  if (flags.listChecks) {
    for (const c of ALL_CHECKS) writeOut(`${c.id}\t${c.level}\t${c.title}\n`);
    return 0;
  }
  const target = targetFrom(flags);
  const expectedFailures = expectedFailuresFrom(flags.expectedFailures);
  const receiver = flags.otlpReceiver === undefined ? undefined : await startReceiver(flags.otlpReceiver === true ? 0 : flags.otlpReceiver);
  if (receiver && target.kind === 'stdio') target.env = { ...target.env, OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint };
  if (receiver && target.kind === 'http')
    writeErr(`mcpgate: OTLP receiver at ${receiver.endpoint}: point the server's OTEL_EXPORTER_OTLP_ENDPOINT there\n`);
  const report = await runCheckLayer({
    target,
    strict: flags.strict ?? false,
    allowTools: flags.allowTool,
    expectedFailures,
    connect: { timeoutMs: flags.timeout, maxResponseBytes: flags.maxResponseBytes, headers: flags.header },
    concurrency: flags.concurrency,
    ...(receiver ? { otlpReceiver: receiver } : {}),
  }).finally(() => receiver?.close());
  await writeReports(report, outputFiles(flags));
  printReport(report, flags);
  return report.verdict.exitCode;
}

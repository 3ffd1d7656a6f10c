/** `mcpgate check`: flags -> layer 0 -> reports -> exit code. */

import { authCheckOptions, connectCredentials, credentialsFromFlags } from '../../pipeline/credentials.js';
import { targetFrom } from '../../pipeline/target.js';
import type { Report } from '../../report/model.js';
import { writeMaskedReports } from '../../report/formats.js';
import { masked } from '../../report/masked.js';
import { usageError } from '../../shared/input-error.js';
import type { OtlpReceiver } from '../../telemetry/otlp-receiver.js';
import type { Connection } from '../../wire/exchange.js';
import { connect, type ConnectOptions } from '../../wire/target.js';
import { printMaskedReport } from '../display.js';
import type { CheckFlags } from './flags.js';
import { outputFiles } from '../flags/outputs.js';
import { writeErr, writeOut } from '../console.js';

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
    const { ALL_CHECKS } = await import('../../conformance/checks/index.js');
    for (const c of ALL_CHECKS) writeOut(`${c.id}\t${c.level}\t${c.title}\n`);
    return 0;
  }
  const target = targetFrom(flags);
  // Before anything starts: a credential variable that is not set ends the command at once (exit 4).
  const credentials = credentialsFromFlags(target, flags);
  const auth = authCheckOptions(credentials, flags.testIssuer, flags.timeout);
  const receiver = flags.otlpReceiver === undefined ? undefined : await startReceiver(flags.otlpReceiver === true ? 0 : flags.otlpReceiver);
  if (receiver && target.kind === 'stdio') target.env = { ...target.env, OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint };
  if (receiver && target.kind === 'http')
    writeErr(`mcpgate: OTLP receiver at ${receiver.endpoint}: point the server's OTEL_EXPORTER_OTLP_ENDPOINT there\n`);
  const connectOptions: ConnectOptions = {
    timeoutMs: flags.timeout,
    maxResponseBytes: flags.maxResponseBytes,
    ...connectCredentials(credentials),
  };
  // The server starts while the checks load: over stdio both take about a tenth of a second, on
  // different cores. A failure to start is the runner's to report; until it takes the connection,
  // an error here (a bad --expected-failures file) must not leave the server running.
  const opened = connect(target, connectOptions);
  opened.catch(() => undefined);
  let handedOver = false;
  let report: Report;
  try {
    const [{ expectedFailuresFrom }, { runCheckLayer }] = await Promise.all([
      import('../../pipeline/expected-failures.js'),
      import('../../pipeline/check-layer.js'),
    ]);
    const expectedFailures = expectedFailuresFrom(flags.expectedFailures);
    handedOver = true;
    report = await runCheckLayer({
      target,
      opened,
      strict: flags.strict ?? false,
      allowTools: flags.allowTool,
      expectedFailures,
      connect: connectOptions,
      concurrency: flags.concurrency,
      maxCalls: flags.maxCalls,
      maxListItems: flags.maxListItems,
      maxListBytes: flags.maxListBytes,
      ...(receiver ? { otlpReceiver: receiver } : {}),
      auth,
    });
  } finally {
    if (!handedOver) await closeOpened(opened);
    await receiver?.close();
  }
  // Masked once for both: the files and the terminal show the same copy.
  const shown = masked(report);
  await writeMaskedReports(shown, outputFiles(flags));
  printMaskedReport(shown, flags);
  return report.verdict.exitCode;
}

async function closeOpened(opened: Promise<Connection>): Promise<void> {
  const connection = await opened.catch(() => undefined);
  await connection?.close({ eofGraceMs: 0 });
}

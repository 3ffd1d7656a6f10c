/** `mcpgate run`: mcpgate.yaml -> the pipeline (src/pipeline/run.ts) -> terminal output -> exit code. */

import { renderGate } from '../../gate/render.js';
import { runPipeline } from '../../pipeline/run.js';
import { warnOnStderr } from '../console.js';
import { printReport, printVerdict } from '../display.js';
import type { DisplayFlags } from '../options.js';
import { EXIT } from '../../shared/exit-codes.js';
import { redactDeep } from '../../shared/redact.js';

export interface RunFlags extends DisplayFlags {
  config: string;
  allowDrafts?: boolean;
  checkOnly?: boolean;
  model?: string[];
  maxRounds?: number;
  root?: string[];
}

export async function run(flags: RunFlags): Promise<number> {
  const { report, gate } = await runPipeline(flags.config, warnOnStderr, {
    allowDrafts: flags.allowDrafts ?? false,
    checkOnly: flags.checkOnly ?? false,
    models: flags.model ?? [],
    ...(flags.maxRounds !== undefined ? { maxRounds: flags.maxRounds } : {}),
    roots: flags.root ?? [],
  });
  // A run that could not test the server is its one verdict line: every check skipped or refused for
  // that one reason is no news on the terminal (the report files keep them).
  if (report.verdict.exitCode === EXIT.unreachable) printVerdict(report, flags);
  // The gate's table goes above the failure list; the verdict is the report's, printed once.
  else printReport(report, flags, gate ? renderGate(redactDeep(gate), { verdict: false }) : undefined);
  return report.verdict.exitCode;
}

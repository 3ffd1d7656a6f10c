/** `mcpgate run`: mcpgate.yaml -> the pipeline (src/pipeline/run.ts) -> terminal output -> exit code. */

import { renderGate } from '../../gate/render.js';
import { runPipeline } from '../../pipeline/run.js';
import { warnOnStderr, writeOut } from '../console.js';
import { printReport } from '../display.js';
import type { DisplayFlags } from '../options.js';
import { redactDeep } from '../../shared/redact.js';

export interface RunFlags extends DisplayFlags {
  config: string;
}

export async function run(flags: RunFlags): Promise<number> {
  const { report, gate } = await runPipeline(flags.config, warnOnStderr);
  printReport(report, flags);
  if (gate && !flags.quiet) writeOut(renderGate(redactDeep(gate)));
  return report.verdict.exitCode;
}

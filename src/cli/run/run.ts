/** `mcpgate run`: mcpgate.yaml -> the pipeline (src/pipeline/run.ts) -> terminal output -> exit code. */

import { renderGate } from '../../gate/render.js';
import { runPipeline } from '../../pipeline/run.js';
import { warnOnStderr } from '../console.js';
import { printReport } from '../display.js';
import type { DisplayFlags } from '../options.js';

export interface RunFlags extends DisplayFlags {
  config: string;
}

export async function run(flags: RunFlags): Promise<number> {
  const { report, gate } = await runPipeline(flags.config, warnOnStderr);
  printReport(report, flags);
  if (gate && !flags.quiet) process.stdout.write(renderGate(gate));
  return report.verdict.exitCode;
}

/** `mcpgate run`: mcpgate.yaml -> the pipeline (src/pipeline/run.ts) -> terminal output -> exit code. */

import { renderGate } from '../../gate/render.js';
import { loadConfig } from '../../pipeline/config.js';
import { runPipeline } from '../../pipeline/run.js';
import { EXIT } from '../../shared/exit-codes.js';
import { warnOnStderr, writeOut } from '../console.js';
import { printReport } from '../display.js';
import type { DisplayFlags } from '../options.js';
import { redactDeep } from '../../shared/redact.js';

export interface RunFlags extends DisplayFlags {
  config: string;
  allowDrafts?: boolean;
  checkOnly?: boolean;
  listModels?: boolean;
  model?: string[];
  maxRounds?: number;
  root?: string[];
}

/**
 * The models `run` with these flags would evaluate: --check-only none, --model those, else eval.models.
 * The config is checked as a whole, but nothing else is loaded: the job that asks has no keys.
 */
function listModels(flags: RunFlags): number {
  const config = loadConfig(flags.config);
  const models = flags.checkOnly ? [] : flags.model?.length ? flags.model : (config.eval?.models ?? []);
  writeOut(`${JSON.stringify(models)}\n`);
  return EXIT.pass;
}

export async function run(flags: RunFlags): Promise<number> {
  if (flags.listModels) return listModels(flags);
  const { report, gate } = await runPipeline(flags.config, warnOnStderr, {
    allowDrafts: flags.allowDrafts ?? false,
    checkOnly: flags.checkOnly ?? false,
    models: flags.model ?? [],
    ...(flags.maxRounds !== undefined ? { maxRounds: flags.maxRounds } : {}),
    roots: flags.root ?? [],
  });
  // The gate's table goes above the failure list; the verdict is the report's, printed once.
  printReport(report, flags, gate ? renderGate(redactDeep(gate), { verdict: false }) : undefined);
  return report.verdict.exitCode;
}

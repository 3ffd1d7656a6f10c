/** `mcpgate gate`: a report against a baseline report (or the last green run in the history) -> exit code. */

import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { Option } from 'commander';
import { gateAgainst, recordInHistory } from '../gate/baseline.js';
import { DEFAULT_HISTORY_DIR } from '../gate/history.js';
import { renderGate } from '../gate/render.js';
import { DEFAULT_GATE_OPTIONS, type GateOptions } from '../gate/types.js';
import { parseReport } from '../report/json.js';
import type { Report } from '../report/model.js';
import { usageError } from '../shared/input-error.js';
import { warnOnStderr } from './console.js';
import { writeFileAtomic } from '../shared/files.js';
import { positiveInteger } from './parse.js';

interface GateFlags {
  report: string;
  baseline: string;
  historyDir: string;
  maxDrop: number;
  minSamples: number;
  confidence: number;
  record: boolean;
  json?: string;
  verbose: boolean;
}

export function registerGateCommand(program: Command): void {
  program
    .command('gate')
    .description('compare a report with a baseline run: hard checks must hold, soft scores may not drop significantly')
    .requiredOption('--report <file>', 'the JSON report of this run')
    .requiredOption('--baseline <file|auto>', 'the baseline report, or `auto` for the last green run of the same server and models in the history')
    .option('--history-dir <dir>', 'run history directory', DEFAULT_HISTORY_DIR)
    .addOption(new Option('--max-drop <fraction>', 'largest tolerated drop of a soft score (0.02 = two points)').default(DEFAULT_GATE_OPTIONS.maxDrop).argParser(unitInterval('--max-drop', true)))
    .addOption(new Option('--min-samples <n>', 'fewer samples than this on either side is inconclusive').default(DEFAULT_GATE_OPTIONS.minSamples).argParser(positiveInteger('--min-samples')))
    .addOption(new Option('--confidence <fraction>', 'two-sided confidence of the Wilson intervals').default(DEFAULT_GATE_OPTIONS.confidence).argParser(unitInterval('--confidence', false)))
    .option('--record', 'append this report to the history after gating (whatever the verdict)', false)
    .option('--json <file>', 'write the gate result as JSON')
    .option('--verbose', 'also list the items that passed', false)
    .action((flags: GateFlags) => {
      process.exitCode = gate(flags);
    });
}

function unitInterval(flag: string, zeroAllowed: boolean): (value: string) => number {
  return (value) => {
    const n = Number(value);
    if (!Number.isFinite(n) || n >= 1 || n < 0 || (n === 0 && !zeroAllowed)) throw usageError(`${flag} needs a number ${zeroAllowed ? 'from 0' : 'above 0'} and below 1, got "${value}"`);
    return n;
  };
}

/** The current report is the input: a problem with it is a usage error (exit 2). */
function readCurrent(file: string): Report {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw usageError(`cannot read the report ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  try {
    return parseReport(text);
  } catch (error) {
    throw usageError(`${file}: ${(error as Error).message}`);
  }
}

function gate(flags: GateFlags): number {
  const current = readCurrent(flags.report);
  const options: GateOptions = { maxDrop: flags.maxDrop, minSamples: flags.minSamples, confidence: flags.confidence };
  const result = gateAgainst(current, flags, options, warnOnStderr);
  process.stdout.write(renderGate(result, { verbose: flags.verbose }));
  if (flags.json) writeFileAtomic(flags.json, `${JSON.stringify(result, null, 2)}\n`);
  if (flags.record) {
    const recorded = recordInHistory(flags.historyDir, current, flags.report);
    process.stdout.write(recorded.written ? `recorded run ${recorded.entry.runId} in ${recorded.file}\n` : `run ${recorded.entry.runId} was already recorded (${recorded.file}); the entry is unchanged\n`);
  }
  return result.exitCode;
}

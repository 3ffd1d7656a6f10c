/** `mcpgate gate`: a report against a baseline report (or the last green run in the history) -> exit code. */

import { existsSync, readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { Option } from 'commander';
import { gateReports, gateWithoutBaseline } from '../gate/gate.js';
import { DEFAULT_HISTORY_DIR, lastGreen, recordRun, reportFileOf } from '../gate/history.js';
import { renderGate } from '../gate/render.js';
import { describeIdentity, targetIdentity } from '../gate/target.js';
import { DEFAULT_GATE_OPTIONS, type GateOptions, type GateResult } from '../gate/types.js';
import { parseReport } from '../report/json.js';
import type { Report } from '../report/model.js';
import { usageError } from './errors.js';
import { writeFileAtomic } from './files.js';
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

/** A baseline that cannot be used makes the gate inconclusive (exit 5), not a usage error: see docs/gate.md. */
function readBaseline(file: string, what: string): Report | string {
  if (!existsSync(file)) return `${what} ${file} does not exist`;
  try {
    return parseReport(readFileSync(file, 'utf8'));
  } catch (error) {
    return `${what} ${file} cannot be used: ${(error as Error).message}`;
  }
}

function resolveBaseline(flags: Pick<GateFlags, 'baseline' | 'historyDir'>, current: Report): { baseline: Report | string; source: string } {
  if (flags.baseline !== 'auto') return { baseline: readBaseline(flags.baseline, 'the baseline'), source: flags.baseline };
  const identity = targetIdentity(current.target);
  const models = current.eval?.models.map((m) => m.id) ?? [];
  const { found, warnings } = lastGreen(flags.historyDir, { target: identity, models, before: current.startedAt });
  for (const warning of warnings) process.stderr.write(`mcpgate: warning: ${warning}\n`);
  const modelsText = models.length > 0 ? `models ${models.join(', ')}` : 'no models';
  if (!found) return { baseline: `no green run of ${describeIdentity(identity)} with ${modelsText} in ${flags.historyDir}`, source: flags.historyDir };
  const file = reportFileOf(flags.historyDir, found.entry);
  const run = `the last green run (${found.entry.startedAt}, ${found.entry.runId})`;
  if (!file) return { baseline: `${run} was recorded without its report file`, source: found.file };
  return { baseline: readBaseline(file, `the report of ${run},`), source: file };
}

/** Gates a report against a baseline file or `auto` (the last green run in the history); shared with `mcpgate run`. */
export function gateAgainst(current: Report, flags: Pick<GateFlags, 'baseline' | 'historyDir'>, options: GateOptions): GateResult {
  const { baseline, source } = resolveBaseline(flags, current);
  return typeof baseline === 'string' ? gateWithoutBaseline(current, baseline, options) : gateReports(current, baseline, options, source);
}

/** Appends a run to the history; a directory that cannot be written is a usage error. */
export function record(dir: string, report: Report, file: string): ReturnType<typeof recordRun> {
  try {
    return recordRun(dir, report, file);
  } catch (error) {
    throw usageError(`cannot record the run in ${dir}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}

function gate(flags: GateFlags): number {
  const current = readCurrent(flags.report);
  const options: GateOptions = { maxDrop: flags.maxDrop, minSamples: flags.minSamples, confidence: flags.confidence };
  const result = gateAgainst(current, flags, options);
  process.stdout.write(renderGate(result, { verbose: flags.verbose }));
  if (flags.json) writeFileAtomic(flags.json, `${JSON.stringify(result, null, 2)}\n`);
  if (flags.record) {
    const recorded = record(flags.historyDir, current, flags.report);
    process.stdout.write(recorded.written ? `recorded run ${recorded.entry.runId} in ${recorded.file}\n` : `run ${recorded.entry.runId} was already recorded (${recorded.file}); the entry is unchanged\n`);
  }
  return result.exitCode;
}

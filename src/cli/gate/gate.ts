/** `mcpgate gate`: a report against a baseline report (or the last green run in the history) -> exit code. */

import { gateAgainst, recordInHistory } from '../../gate/baseline.js';
import { gateHeadline, renderGate } from '../../gate/render.js';
import type { GateResult } from '../../gate/types.js';
import { painter } from '../../report/ansi.js';
import { jsonText } from '../../report/json-text.js';
import { writeFileAtomic } from '../../shared/files.js';
import { warnOnStderr, writeOut } from '../console.js';
import { outputWidth, useColor } from '../display.js';
import type { GateFlags } from './flags.js';
import type { DisplayFlags } from '../flags/groups/display.js';
import { readReportFile } from '../read-report.js';
import { redactDeep } from '../../shared/redact.js';

const VERDICT_STYLE = { pass: 'green', fail: 'red', inconclusive: 'yellow' } as const;

function verdictLine(result: GateResult, display: DisplayFlags): string {
  const style = result.verdict === 'pass' && result.suite?.state === 'not-all-pass' ? 'yellow' : VERDICT_STYLE[result.verdict];
  return `${painter(useColor(display))(style, `${gateHeadline(result)} (exit code ${result.exitCode})`)}\n`;
}

export function gate(flags: GateFlags): number {
  const current = readReportFile(flags.report);
  const result = redactDeep(
    gateAgainst(
      current,
      { baseline: flags.baseline, historyDir: flags.historyDir, record: flags.record ?? false },
      { maxDrop: flags.maxDrop, minSamples: flags.minSamples, confidence: flags.confidence },
      warnOnStderr,
    ),
  );
  writeOut(flags.quiet ? verdictLine(result, flags) : renderGate(result, { verbose: flags.verbose ?? false, width: outputWidth() }));
  if (flags.json) writeFileAtomic(flags.json, `${jsonText(result)}\n`);
  if (flags.record) {
    // Recorded with the gate's verdict, so the entry's `green` says what this exit code says.
    const recorded = recordInHistory(flags.historyDir, { ...current, verdict: { exitCode: result.exitCode, reason: result.reason } });
    if (!flags.quiet) {
      writeOut(
        recorded.written
          ? `recorded run ${recorded.entry.runId} in ${recorded.file}\n`
          : `run ${recorded.entry.runId} was already recorded (${recorded.file}); the entry is unchanged\n`,
      );
    }
  }
  return result.exitCode;
}

/** The server's reaction to altered MRTR retries, under the fault scenarios in the terminal. */

import { type Paint } from './ansi.js';
import type { ScenarioReport } from './model.js';
import { safe } from './terminal-escape.js';

export function stateFindingLines(agent: ScenarioReport, paint: Paint): string[] {
  const findings = agent.stateFindings ?? [];
  if (findings.length === 0) return [];
  const refused = findings.filter((f) => f.status === 'pass').length;
  const lines = [paint('bold', `MRTR state: ${refused}/${findings.length} altered retries refused by the server`)];
  for (const f of findings) {
    const mark = f.status === 'pass' ? paint('green', '✓') : f.status === 'warn' ? paint('yellow', '!') : paint('red', '✗');
    lines.push(`  ${mark} ${f.fault} (event ${f.seq}): ${safe(f.message)}`);
  }
  return lines;
}

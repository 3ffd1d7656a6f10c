/**
 * Cross-checks a faults file against the tools the server lists: a scenario naming a tool the
 * server lacks, or one the proxy would refuse to forward, is a configuration error with its
 * file:line, reported before any model call is spent.
 */

import { closest } from '../../shared/yaml/suggest.js';
import { toolSafety } from '../../spec/tool-safety.js';
import type { ServerTool } from '../../spec/tool.js';
import { FaultsFileError } from './faults-file.js';
import type { FileProblem } from '../../shared/yaml/problems.js';
import type { FaultsFile } from './types.js';

/** `file:line:col` back into a positioned problem, so the message reads like every other one. */
function problemAt(file: string, where: string, message: string): FileProblem {
  const match = /:(\d+):(\d+)$/.exec(where);
  return match ? { file, line: Number(match[1]), col: Number(match[2]), message } : { file, message };
}

export function checkFaultTools(faults: FaultsFile, tools: readonly ServerTool[], allowTools: ReadonlySet<string>): void {
  const byName = new Map(tools.map((t) => [t.name, t]));
  const names = tools.map((t) => t.name);
  const problems: FileProblem[] = [];
  const entries = [
    ...faults.scenarios.map((s) => ({ kind: 'scenario', id: s.id, tool: s.tool, where: s.toolSource })),
    ...faults.injections.map((c) => ({ kind: 'injection', id: c.id, tool: c.tool, where: c.toolSource })),
  ];
  for (const entry of entries) {
    const tool = byName.get(entry.tool);
    if (!tool) {
      const suggestion = closest(entry.tool, names);
      const hint = suggestion ? ` (did you mean "${suggestion}"?)` : '';
      const message = `${entry.kind} "${entry.id}" names the tool "${entry.tool}", which the server does not list${hint}; it lists: ${names.join(', ') || 'no tools'}`;
      problems.push(problemAt(faults.file, entry.where, message));
      continue;
    }
    const safety = toolSafety(tool, allowTools, 'non-destructive');
    if (!safety.callable) {
      const message = `${entry.kind} "${entry.id}" uses ${entry.tool}, which is ${safety.reason}; the proxy never forwards it (allow it explicitly with --allow-tool ${entry.tool})`;
      problems.push(problemAt(faults.file, entry.where, message));
    }
  }
  if (problems.length > 0) throw new FaultsFileError(faults.file, problems);
}

/** Cross-checks a loaded golden set against the tools a server actually lists. */

import type { GoldenCase, GoldenSet } from '../types.js';
import { closest } from '../../shared/yaml/suggest.js';

/** One message per case that names a tool the server does not list; empty when all are known. */
export function validateCaseTools(set: GoldenSet, toolNames: string[]): string[] {
  const known = new Set(toolNames);
  const messages: string[] = [];
  for (const golden of set.cases) {
    const unknown = namedTools(golden).filter(({ tool }) => !known.has(tool));
    if (unknown.length === 0) continue;
    const listed = unknown.map(({ key, tool }) => {
      const suggestion = closest(tool, toolNames);
      return `${key} names "${tool}"${suggestion ? ` (did you mean "${suggestion}"?)` : ''}`;
    });
    messages.push(
      `${golden.source}: case "${golden.id}": ${listed.join('; ')}, which the server does not list ` +
        `(it lists: ${toolNames.join(', ') || 'no tools'})`,
    );
  }
  return messages;
}

function namedTools(golden: GoldenCase): Array<{ key: string; tool: string }> {
  const named: Array<{ key: string; tool: string }> = [];
  if (golden.expect.kind === 'tool') named.push({ key: 'expect_tool', tool: golden.expect.tool });
  if (golden.expect.kind === 'sequence') for (const tool of golden.expect.tools) named.push({ key: 'expect_sequence', tool });
  for (const tool of golden.forbidTools) named.push({ key: 'forbid_tools', tool });
  // A tool named twice in one case (e.g. a sequence that repeats it) is reported once.
  return named.filter((entry, i) => named.findIndex((other) => other.tool === entry.tool && other.key === entry.key) === i);
}

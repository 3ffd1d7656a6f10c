/**
 * A drafted set as the golden file both `mcpgate init` and `mcpgate golden draft` write. Names,
 * descriptions and a model's prompts are outside text: values go through yamlValue (JSON syntax,
 * masked), comments through commentLines (masked, one logical line each, wrapped and never cut).
 */

import type { DraftCase, DraftedSet } from './draft.js';
import { schemaComment } from '../../shared/user-files/json-schema.js';
import { GOLDEN_FILE } from '../golden/load.js';
import { commentLines, quoted, yamlValue } from './yaml-text.js';

function caseLines(c: DraftCase): string[] {
  const lines = [
    ...commentLines(c.why, '  '),
    `  - id: ${quoted(c.id)}`,
    '    draft: true',
    `    prompt: ${quoted(c.prompt)}`,
    `    expect_tool: ${c.expectTool === null ? 'null' : quoted(c.expectTool)}`,
  ];
  if (c.expectArgs) {
    lines.push('    expect_args:');
    // A string is compared normalized (a model's "Paris" for the draft's "paris"); anything else exactly.
    for (const [name, value] of Object.entries(c.expectArgs))
      lines.push(
        `      ${quoted(name)}: ${typeof value === 'string' ? `{ match: normalized, value: ${quoted(value)} }` : yamlValue(value)}`,
      );
  }
  if (c.forbidTools) lines.push(`    forbid_tools: ${yamlValue(c.forbidTools)}`);
  return lines;
}

/**
 * `server`: the server as the user named it (its URL or command line). `depth`: how many folders below
 * the project (where node_modules is) the file is written; init's golden/tasks.yaml and golden draft's
 * default golden/draft.yaml are one.
 */
export function draftYaml(set: DraftedSet, server: string, depth = 1): string {
  const source = `Golden set drafted by mcpgate from the tools of ${server}${set.writer ? `, prompts and arguments by ${set.writer}` : ' (offline: write the prompts)'}.`;
  const lines = [
    schemaComment(GOLDEN_FILE.name, depth),
    ...commentLines(source, ''),
    '# Every case is a draft (draft: true): `mcpgate run` and `mcpgate eval` refuse drafts (exit 2) until',
    '# you have read each one, fixed its prompt and expectations and deleted its "draft: true" line (or',
    '# pass --allow-drafts to skip the drafts for now). Format: docs/golden-format.md of mcpgate.',
  ];
  if (set.drafted < set.listed)
    lines.push(
      ...commentLines(
        `Drafted from the first ${set.drafted} of the ${set.listed} tools the server lists: add cases for the others by hand.`,
        '',
      ),
    );
  lines.push('cases:');
  for (const c of set.cases) lines.push(...caseLines(c));
  return `${lines.join('\n')}\n`;
}

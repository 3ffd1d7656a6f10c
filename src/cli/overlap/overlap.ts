/** `mcpgate overlap`: one tools/list -> ranked overlapping pairs -> stdout and an exit code. */

import { toolOverlaps, type ToolOverlap } from '../../models/lexical/overlap.js';
import { listServerTools } from '../../pipeline/server-tools.js';
import { connectCredentials, credentialsFromFlags } from '../../pipeline/credentials.js';
import { targetFrom } from '../../pipeline/target.js';
import { painter } from '../../report/ansi.js';
import { jsonText } from '../../report/json-text.js';
import { safe } from '../../report/terminal-escape.js';
import { EXIT } from '../../shared/exit-codes.js';
import { writeOut } from '../console.js';
import { useColor } from '../display.js';
import type { OverlapFlags } from './flags.js';

export async function overlap(flags: OverlapFlags): Promise<number> {
  const target = targetFrom(flags);
  const credentials = credentialsFromFlags(target, flags);
  const tools = await listServerTools(target, { ...connectCredentials(credentials), timeoutMs: flags.timeout });
  const all = toolOverlaps(tools);
  const listed = flags.verbose ? all : all.filter((p) => p.score >= flags.minScore).slice(0, flags.top);
  const failing = flags.failAbove === undefined ? [] : all.filter((p) => p.score >= flags.failAbove!);
  if (flags.json) writeOut(`${jsonText({ tools: tools.length, pairs: listed })}\n`);
  else writeOut(render(listed, tools.length, flags, failing));
  return failing.length > 0 ? EXIT.gateFailed : EXIT.pass;
}

function render(pairs: ToolOverlap[], toolCount: number, flags: OverlapFlags, failing: ToolOverlap[]): string {
  const paint = painter(useColor(flags));
  const lines: string[] = [];
  if (!flags.quiet) {
    lines.push(paint('bold', `tool overlap (lexical, offline; ${toolCount} tools): pairs a model may confuse, most similar first`));
    if (pairs.length === 0) lines.push(`  no pair of tools reaches ${flags.minScore}`);
    for (const p of pairs) {
      const colour = flags.failAbove !== undefined && p.score >= flags.failAbove ? 'red' : p.score >= 0.5 ? 'yellow' : 'dim';
      lines.push(`  ${paint(colour, p.score.toFixed(2))}  ${safe(p.tools[0])} ~ ${safe(p.tools[1])}`);
      lines.push(`        shared terms: ${safe(p.sharedTerms.join(', ')) || 'none'}`);
      if (p.sharedParameters.length > 0) lines.push(`        shared parameters: ${safe(p.sharedParameters.join(', '))}`);
    }
  }
  if (flags.failAbove !== undefined) {
    lines.push(
      failing.length > 0
        ? paint('red', `${failing.length} pair(s) at or above --fail-above ${flags.failAbove} (exit code 1)`)
        : paint('green', `no pair at or above --fail-above ${flags.failAbove} (exit code 0)`),
    );
  }
  return `${lines.join('\n')}\n`;
}

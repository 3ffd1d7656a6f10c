/**
 * golden/rubric.md as `mcpgate init` writes it: a first rubric per drafted tool, drawn from its
 * description, for the judge model to score task completion against once a case is real. A server
 * without tools gets none.
 */

import { firstSentence, MAX_DRAFTED_TOOLS } from './draft.js';
import type { ToolSpec } from '../../models/types.js';
import { commentText, COMMENT_WIDTH, wrappedText } from './yaml-text.js';

export function draftRubric(tools: readonly ToolSpec[]): string | undefined {
  if (tools.length === 0) return undefined;
  const sections = tools.slice(0, MAX_DRAFTED_TOOLS).map((tool) => {
    const described = firstSentence(tool.description);
    return [
      `## ${commentText(tool.name)}`,
      ...(described === '' ? [] : wrappedText(`What it does, by its description: ${described}`, COMMENT_WIDTH)),
      ...wrappedText(
        `The answer gives what ${tool.name} returned for the request, as it returned it, and adds nothing the tool did not return.`,
        COMMENT_WIDTH,
      ),
    ].join('\n');
  });
  return `# Rubrics for task completion

A rubric tells the judge model (\`eval.judge\`) what a complete answer contains; without a judge, task
completion is not measured. Below is a first rubric per tool the golden set drafts, drawn from the
tool's description: once a case is real, copy the rubric into it (\`rubric: ...\`) and make it say what
that case's answer must contain.

${sections.join('\n\n')}
`;
}

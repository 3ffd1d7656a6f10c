/**
 * What improve hands back for review beside its report (report.ts, markdown.ts): the overrides file
 * (YAML, a comment on each tool saying why) and a diff of old vs new descriptions. Pure text; the
 * command writes them.
 */

import { safe } from '../../report/terminal-escape.js';
import type { ServerTool } from '../../spec/tool.js';
import { commentText, yamlValue } from '../golden-draft/yaml-text.js';
import type { ImproveOutcome } from './loop.js';
import type { Proposer, Trial } from './types.js';
import { collapseWhitespace } from '../../shared/one-line.js';

/**
 * Tool names and descriptions are the server's or the proposer's text: values are written as the
 * drafted golden sets write them (JSON syntax, which is YAML's double-quoted scalar, with controls and
 * invisible characters escaped), comments on one line with every such character visible.
 */
export function overridesYaml(outcome: ImproveOutcome, proposer: Proposer): string {
  const why = acceptedWhy(outcome.trials);
  const lines = [
    `# Tool descriptions proposed by mcpgate improve (proposer ${proposer.id}${proposer.kind === 'heuristic' ? ', a lexical heuristic' : ''}).`,
    '# Serve them with --descriptions to reproduce the measured gain; review them before copying into the server.',
  ];
  for (const [tool, override] of outcome.overrides) {
    lines.push('');
    for (const reason of why.get(tool) ?? ['from the starting --descriptions file'])
      lines.push(`# ${commentText(collapseWhitespace(reason))}`);
    lines.push(`${yamlValue(tool)}:`);
    if (override.description !== undefined) lines.push(`  description: ${yamlValue(override.description)}`);
    const parameters = Object.entries(override.parameters);
    if (parameters.length > 0) {
      lines.push('  parameters:');
      for (const [name, text] of parameters) lines.push(`    ${yamlValue(name)}: ${yamlValue(text)}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** Old vs new description of every tool the run changed, as a unified-diff-like text; each line escaped as on a terminal. */
export function descriptionsDiff(outcome: ImproveOutcome): string {
  const why = acceptedWhy(outcome.trials);
  const server = new Map(outcome.serverTools.map((t: ServerTool) => [t.name, t.description ?? '']));
  const blocks: string[] = [];
  for (const [tool, override] of outcome.overrides) {
    if (override.description === undefined || override.description === server.get(tool)) continue;
    blocks.push(
      [
        `--- ${safe(tool)} (server)`,
        `+++ ${safe(tool)} (proposed)`,
        ...(why.get(tool) ?? []).map((w) => `# ${safe(collapseWhitespace(w))}`),
        `- ${safe(collapseWhitespace(server.get(tool) ?? ''))}`,
        `+ ${safe(collapseWhitespace(override.description))}`,
      ].join('\n'),
    );
  }
  return blocks.length === 0 ? '' : `${blocks.join('\n\n')}\n`;
}

function acceptedWhy(trials: Trial[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const t of trials.filter((x) => x.accepted))
    for (const r of t.proposal.rewrites) out.set(r.tool, [...(out.get(r.tool) ?? []), `${r.why}; ${t.reason}`]);
  return out;
}

/**
 * A model as proposer (`--proposer provider:model`): shown the tool list, one confusion and the
 * prompts behind it, it answers with rewritten descriptions as JSON. Its answer is data to test, not
 * to trust: unknown tools and empty texts are dropped, and the A/B test decides what is kept.
 */

import type { ModelClient } from '../../models/types.js';
import type { Proposal, ProposalInput, Proposer } from './types.js';

const INSTRUCTIONS =
  'You rewrite the descriptions of MCP tools so that an AI agent picks the right tool. You are shown the tools, ' +
  'a confusion (the tool a request needed and the tool the agent called instead, or none) and the requests it ' +
  'happened on. Rewrite only the descriptions of the tools involved. Keep each description true to what the tool does; ' +
  'say what it is for and, where it helps, what it is not for and which tool to use instead. Answer with JSON only: ' +
  '{"rewrites": [{"tool": "<name>", "description": "<new description>"}]}';

export function modelProposer(client: ModelClient): Proposer {
  return {
    id: client.id,
    kind: 'model',
    async propose(input) {
      const turn = await client.generate({
        messages: [
          { role: 'system', content: INSTRUCTIONS },
          { role: 'user', content: requestText(input) },
        ],
        tools: [],
        sampleIndex: input.round - 1,
        temperature: 0,
      });
      const proposal = parseProposal(turn.text, input);
      return proposal ? [proposal] : [];
    },
  };
}

function requestText({ confusion, tools, golden }: ProposalInput): string {
  const listed = tools.map((t) => ({ name: t.name, description: t.description ?? '', parameters: t.inputSchema.properties ?? {} }));
  const prompts = golden.cases.filter((c) => confusion.cases.includes(c.id)).map((c) => ({ case: c.id, request: c.turns.join('\n') }));
  return JSON.stringify(
    {
      tools: listed,
      confusion: { needed: confusion.expected ?? 'no tool', calledInstead: confusion.chosen ?? 'no tool', samples: confusion.samples },
      requests: prompts,
    },
    null,
    2,
  );
}

/** The first JSON object in the answer, its rewrites of tools that exist and differ; undefined when none is usable. */
export function parseProposal(text: string, { confusion, tools }: ProposalInput): Proposal | undefined {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.slice(start, end + 1));
  } catch {
    return undefined;
  }
  const list = (parsed as { rewrites?: unknown }).rewrites;
  if (!Array.isArray(list)) return undefined;
  const byName = new Map(tools.map((t) => [t.name, t]));
  const rewrites = list.flatMap((entry: unknown) => {
    const { tool, description } = (entry ?? {}) as { tool?: unknown; description?: unknown };
    if (typeof tool !== 'string' || typeof description !== 'string' || description.trim() === '') return [];
    const current = byName.get(tool);
    if (!current || current.description === description) return [];
    const why = `proposed for ${confusion.expected ?? 'no tool'} called as ${confusion.chosen ?? 'no tool'} in ${confusion.cases.join(', ')}`;
    return [{ tool, before: current.description ?? '', after: description.trim(), why }];
  });
  return rewrites.length > 0 ? { label: `rewrite of ${rewrites.map((r) => r.tool).join(', ')}`, rewrites } : undefined;
}

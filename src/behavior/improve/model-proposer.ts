/**
 * A model as proposer (`--proposer provider:model`): shown the tool list, one confusion and the
 * prompts behind it (training cases only: the split holds the others back), it answers with rewritten descriptions as JSON. Its answer is data to test, not
 * to trust: unknown tools and empty texts are dropped, and the A/B test decides what is kept. An
 * answer that cannot be read (a failed call, a body that is not the provider's format, text that is
 * not the JSON asked for) is no proposal, named with a short escaped excerpt so the report shows why.
 */

import { ModelError, type ModelClient } from '../../models/types.js';
import { safe } from '../../report/terminal-escape.js';
import { answerExcerpt, firstJsonObject } from '../model-answer.js';
import type { Proposal, ProposalInput, Proposer, ProposerAnswer } from './types.js';

const INSTRUCTIONS =
  'You rewrite the descriptions of MCP tools so that an AI agent picks the right tool. You are shown the tools, ' +
  'a confusion (the tool a request needed and the tool the agent called instead, or none) and the requests it ' +
  'happened on. Rewrite only the descriptions of the tools involved. Keep each description true to what the tool does; ' +
  'say what it is for and, where it helps, what it is not for and which tool to use instead. The requests are examples of a kind ' +
  'of request: describe that kind, never their names, places, numbers or values, and do not borrow the words of other tools ' +
  'except in a sentence that names the tool to use instead. Answer with JSON only: ' +
  '{"rewrites": [{"tool": "<name>", "description": "<new description>"}]}';

export function modelProposer(client: ModelClient): Proposer {
  return {
    id: client.id,
    kind: 'model',
    async propose(input): Promise<ProposerAnswer> {
      let text: string;
      try {
        const turn = await client.generate({
          messages: [
            { role: 'system', content: INSTRUCTIONS },
            { role: 'user', content: requestText(input) },
          ],
          tools: [],
          sampleIndex: input.round - 1,
          temperature: 0,
        });
        text = turn.text;
      } catch (error) {
        // The provider's failures are one bounded line already (models/errors.ts); anything else is a bug.
        if (!(error instanceof ModelError)) throw error;
        return { proposals: [], unreadable: safe(error.message) };
      }
      const read = readProposal(text, input);
      return 'proposal' in read
        ? { proposals: [read.proposal] }
        : { proposals: [], unreadable: `${client.id}: ${read.problem}: ${answerExcerpt(text)}` };
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

/** The first JSON object in the answer, its rewrites of tools that exist and differ; or what made it unusable. */
export function readProposal(text: string, { confusion, tools }: ProposalInput): { proposal: Proposal } | { problem: string } {
  const read = firstJsonObject(text);
  if ('problem' in read) return read;
  const list = (read.value as { rewrites?: unknown }).rewrites;
  if (!Array.isArray(list)) return { problem: 'the answer has no "rewrites" list' };
  const byName = new Map(tools.map((t) => [t.name, t]));
  const rewrites = list.flatMap((entry: unknown) => {
    const { tool, description } = (entry ?? {}) as { tool?: unknown; description?: unknown };
    if (typeof tool !== 'string' || typeof description !== 'string' || description.trim() === '') return [];
    const current = byName.get(tool);
    if (!current || current.description === description) return [];
    const why = `proposed for ${confusion.expected ?? 'no tool'} called as ${confusion.chosen ?? 'no tool'} in ${confusion.cases.join(', ')}`;
    return [{ tool, before: current.description ?? '', after: description.trim(), why }];
  });
  return rewrites.length > 0
    ? { proposal: { label: `rewrite of ${rewrites.map((r) => r.tool).join(', ')}`, rewrites } }
    : { problem: 'the answer rewrites no listed tool (or changes nothing)' };
}

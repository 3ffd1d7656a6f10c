/**
 * The offline proposer (`--proposer lexical`): a heuristic, not a writer. For a confusion it adds to
 * the expected tool the words of the misrouted prompts its description lacks, and to the tool chosen
 * instead a "Not for ..." line pointing at the right one. Deterministic, so a run can be reproduced;
 * every proposal still has to prove itself in the A/B test before it is kept.
 */

import { stem, words, isStopWord } from '../../models/lexical/terms.js';
import type { ServerTool } from '../../spec/tool.js';
import type { GoldenCase } from '../types.js';
import type { Proposal, ProposalInput, Proposer, Rewrite } from './types.js';

const MAX_TERMS = 6;

export const lexicalProposer: Proposer = {
  id: 'lexical',
  kind: 'heuristic',
  propose: (input) => Promise.resolve({ proposals: lexicalProposals(input) }),
};

export function lexicalProposals({ confusion, tools, golden }: ProposalInput): Proposal[] {
  const cases = golden.cases.filter((c) => confusion.cases.includes(c.id));
  const byName = new Map(tools.map((t) => [t.name, t]));
  const expected = confusion.expected === null ? undefined : byName.get(confusion.expected);
  const chosen = confusion.chosen === null ? undefined : byName.get(confusion.chosen);
  const proposals: Proposal[] = [];
  const ids = cases.map((c) => c.id).join(', ');
  const toward = expected ? missingWords(cases, expected) : [];
  const useFor: Rewrite | undefined =
    expected && toward.length > 0
      ? {
          tool: expected.name,
          before: expected.description ?? '',
          after: addUseFor(expected.description, toward),
          why: `misrouted to ${confusion.chosen ?? 'no tool'} in ${ids}; adds the words of those prompts the description lacked`,
        }
      : undefined;
  const away = chosen ? missingWords(cases, chosen) : [];
  const notFor: Rewrite | undefined =
    chosen && away.length > 0
      ? {
          tool: chosen.name,
          before: chosen.description ?? '',
          after: joinSentence(chosen.description, `Not for ${away.join(', ')}${expected ? ` (use ${expected.name})` : ''}.`),
          why: `chosen instead of ${expected?.name ?? 'no tool'} in ${ids}; says what it is not for`,
        }
      : undefined;
  if (useFor) proposals.push({ label: `describe ${useFor.tool} with the words of its misrouted prompts`, rewrites: [useFor] });
  if (notFor) proposals.push({ label: `add a "Not for" line to ${notFor.tool}`, rewrites: [notFor] });
  if (useFor && notFor)
    proposals.push({ label: `both: ${useFor.tool} gains the words, ${notFor.tool} a "Not for" line`, rewrites: [useFor, notFor] });
  return proposals;
}

/** Words of the prompts whose stems the tool's text does not have, most frequent first, at most MAX_TERMS. */
function missingWords(cases: GoldenCase[], tool: ServerTool): string[] {
  const known = toolStems(tool);
  const counts = new Map<string, { word: string; count: number; first: number }>();
  let position = 0;
  for (const c of cases) {
    const seen = new Set<string>();
    for (const word of words(c.turns.join(' '))) {
      position++;
      if (word.length < 3 || isStopWord(word) || /^\p{N}+$/u.test(word)) continue;
      const s = stem(word);
      if (known.has(s) || seen.has(s)) continue;
      seen.add(s);
      const entry = counts.get(s) ?? { word, count: 0, first: position };
      entry.count++;
      counts.set(s, entry);
    }
  }
  return [...counts.values()]
    .sort((a, b) => b.count - a.count || a.first - b.first)
    .slice(0, MAX_TERMS)
    .map((e) => e.word);
}

function toolStems(tool: ServerTool): Set<string> {
  const texts = [tool.name, tool.description ?? '', JSON.stringify(tool.inputSchema)];
  return new Set(texts.flatMap((t) => words(t)).map(stem));
}

const USE_FOR = /Use it for requests such as: ([^.]*)\./;

/** A second round extends the line the first one wrote rather than adding another. */
function addUseFor(description: string | undefined, words: string[]): string {
  const existing = USE_FOR.exec(description ?? '');
  if (!existing) return joinSentence(description, `Use it for requests such as: ${words.join(', ')}.`);
  return (description ?? '').replace(USE_FOR, `Use it for requests such as: ${existing[1]}, ${words.join(', ')}.`);
}

function joinSentence(description: string | undefined, sentence: string): string {
  const base = (description ?? '').trim();
  return base === '' ? sentence : `${base}${/[.!?]$/.test(base) ? '' : '.'} ${sentence}`;
}

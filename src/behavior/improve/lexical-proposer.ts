/**
 * The offline proposer (`--proposer lexical`): a heuristic, not a writer. It adds what a tool does,
 * never what a test asks about:
 * - to the tool a request needed, a purpose line read off its schema ("Use it to get forecast (city,
 *   days, units).") and the words its requests share: words of at least two of the prompts it is
 *   shown that expect it, which are neither entities (entities.ts) nor another tool's vocabulary
 *   (vocabulary.ts) nor already in its text. A word in one prompt only is that prompt's detail;
 * - to the tool chosen instead, a "Not for ...: use X." line naming what the right tool is for.
 * It sees only the cases it is given (the training part of the split). Deterministic, so a run can
 * be reproduced; every proposal still has to prove itself on unseen cases before it is kept.
 */

import { isStopWord, words } from '../../models/lexical/terms.js';
import { propertiesOf, type Schema } from '../../models/lexical/schema.js';
import type { ServerTool } from '../../spec/tool.js';
import { expectedFirstTool } from '../confusions.js';
import type { GoldenCase } from '../types.js';
import { goldenEntities } from './entities.js';
import type { Proposal, ProposalInput, Proposer, Rewrite } from './types.js';
import { foreignTerms, stemsOf, toolVocabulary } from './vocabulary.js';
import { toolTexts } from '../../models/lexical/overlap.js';

const MAX_TERMS = 6;
/** A word shared by this many prompts of the tool is what its requests are about, not one prompt's detail. */
const RECURRING = 2;

export const lexicalProposer: Proposer = {
  id: 'lexical',
  kind: 'heuristic',
  propose: (input) => Promise.resolve({ proposals: lexicalProposals(input) }),
};

export function lexicalProposals({ confusion, tools, golden }: ProposalInput): Proposal[] {
  const byName = new Map(tools.map((t) => [t.name, t]));
  const expected = confusion.expected === null ? undefined : byName.get(confusion.expected);
  const chosen = confusion.chosen === null ? undefined : byName.get(confusion.chosen);
  const ids = confusion.cases.join(', ') || 'cases held out from the proposer';
  const proposals: Proposal[] = [];
  const purpose = expected ? purposeRewrite(expected, tools, golden.cases) : undefined;
  const useFor: Rewrite | undefined = purpose
    ? {
        tool: expected!.name,
        before: expected!.description ?? '',
        after: purpose,
        why: `misrouted to ${confusion.chosen ?? 'no tool'} in ${ids}; says what it does, from its schema and the words its requests share`,
      }
    : undefined;
  const notFor: Rewrite | undefined = chosen && expected ? notForRewrite(chosen, expected, ids) : undefined;
  if (useFor) proposals.push({ label: `say what ${useFor.tool} does`, rewrites: [useFor] });
  if (notFor) proposals.push({ label: `add a "Not for" line to ${notFor.tool}`, rewrites: [notFor] });
  if (useFor && notFor)
    proposals.push({ label: `both: ${useFor.tool} says what it does, ${notFor.tool} a "Not for" line`, rewrites: [useFor, notFor] });
  return proposals;
}

/** The description with its purpose line and the words its requests share; undefined when that adds nothing. */
function purposeRewrite(tool: ServerTool, tools: readonly ServerTool[], cases: readonly GoldenCase[]): string | undefined {
  let text = tool.description ?? '';
  const line = purposeLine(tool);
  if (!text.includes(line)) text = joinSentence(text, line);
  const shared = sharedWords(tool, tools, cases);
  if (shared.length > 0) text = addRequestWords(text, shared);
  return text === (tool.description ?? '') ? undefined : text;
}

/** "Use it to get forecast (city, days, units)." from the tool's name and parameter names. */
export function purposeLine(tool: ServerTool): string {
  const root = tool.inputSchema as Schema;
  const parameters = propertiesOf(root, root).map((p) => words(p.name).join(' '));
  return `Use it to ${words(tool.name).join(' ')}${parameters.length > 0 ? ` (${parameters.join(', ')})` : ''}.`;
}

/** Words of at least RECURRING of the prompts expecting the tool, that its text lacks and that are nobody's detail. */
function sharedWords(tool: ServerTool, tools: readonly ServerTool[], cases: readonly GoldenCase[]): string[] {
  const mine = cases.filter((c) => expectedFirstTool(c) === tool.name);
  const entities = goldenEntities(cases);
  const vocabulary = toolVocabulary(tools);
  const known = stemsOf(toolTexts(tool).join(' '));
  const counts = new Map<string, { word: string; count: number; first: number }>();
  let position = 0;
  for (const c of mine) {
    const seen = new Set<string>();
    for (const word of words(c.turns.join(' '))) {
      position++;
      if (word.length < 3 || isStopWord(word) || /\p{N}/u.test(word) || seen.has(word)) continue;
      seen.add(word);
      const entry = counts.get(word) ?? { word, count: 0, first: position };
      entry.count++;
      counts.set(word, entry);
    }
  }
  return [...counts.values()]
    .filter((e) => e.count >= RECURRING)
    .filter((e) => ![...stemsOf(e.word)].every((s) => known.has(s)))
    .filter((e) => !entities.some((x) => x.words.includes(e.word)))
    .filter((e) => foreignTerms(e.word, tool.name, vocabulary).length === 0)
    .sort((a, b) => b.count - a.count || a.first - b.first)
    .slice(0, MAX_TERMS)
    .map((e) => e.word);
}

/** "Not for forecast: use get_forecast." on the tool chosen instead; undefined when it already points there. */
function notForRewrite(chosen: ServerTool, expected: ServerTool, ids: string): Rewrite | undefined {
  const before = chosen.description ?? '';
  if (before.includes(expected.name)) return undefined;
  const name = words(expected.name);
  const object = (name.length > 1 ? name.slice(1) : name).join(' ');
  return {
    tool: chosen.name,
    before,
    after: joinSentence(before, `Not for ${object}: use ${expected.name}.`),
    why: `chosen instead of ${expected.name} in ${ids}; says what it is not for and which tool is`,
  };
}

const REQUESTS = /Requests about: ([^.]*)\./;

/** A later round extends the line an earlier one wrote rather than adding another. */
function addRequestWords(description: string, shared: string[]): string {
  const existing = REQUESTS.exec(description);
  if (!existing) return joinSentence(description, `Requests about: ${shared.join(', ')}.`);
  const have = existing[1]!.split(', ');
  const fresh = shared.filter((w) => !have.includes(w));
  return fresh.length === 0 ? description : description.replace(REQUESTS, `Requests about: ${[...have, ...fresh].join(', ')}.`);
}

function joinSentence(description: string, sentence: string): string {
  const base = description.trim();
  return base === '' ? sentence : `${base}${/[.!?]$/.test(base) ? '' : '.'} ${sentence}`;
}

/**
 * No stuffing: a rewrite is refused, before anything is measured, when it carries what the golden
 * cases ask about instead of what the tool does. Two rules, each naming what it found:
 * - an entity of a golden case or of a paraphrase (entities.ts) that the tool's own text does not
 *   already hold: "Known cities: Paris" on a weather tool was the server's, "such as: oslo" is the test's;
 * - another tool's distinctive term (vocabulary.ts), outside a sentence that names that other tool:
 *   "Not for forecasts: use get_forecast" contrasts, "requests such as: email" on search_invoices steals.
 * Every golden case counts, held out or not: a model proposer may have guessed a held-out entity.
 */

import { words } from '../../models/lexical/terms.js';
import type { ToolSpec } from '../../models/types.js';
import type { GoldenCase } from '../types.js';
import { carries, goldenEntities, type GoldenEntity } from './entities.js';
import type { Proposal } from './types.js';
import { foreignTerms, stemsOf, toolVocabulary, withoutContrasts, type ToolVocabulary } from './vocabulary.js';
import { toolTexts } from '../../models/lexical/overlap.js';

export interface StuffingGuard {
  /** Why the proposal is refused, or undefined when every rewrite in it may be tested. */
  refusal(proposal: Proposal): string | undefined;
}

/** `tools`: the tools as served when the run started; `cases`: the golden cases and the paraphrases. */
export function stuffingGuard(tools: readonly ToolSpec[], cases: readonly GoldenCase[]): StuffingGuard {
  const entities = goldenEntities(cases);
  const vocabulary = toolVocabulary(tools);
  const byName = new Map(tools.map((t) => [t.name, t]));
  return {
    refusal(proposal) {
      for (const rewrite of proposal.rewrites) {
        const tool = byName.get(rewrite.tool);
        const own = [...(tool ? toolTexts(tool) : []), rewrite.before].join('\n');
        const why = entityIn(rewrite.after, own, entities) ?? vocabularyIn(rewrite.after, own, rewrite.tool, vocabulary, tools);
        if (why) return `${rewrite.tool}: ${why}`;
      }
      return undefined;
    },
  };
}

function entityIn(after: string, own: string, entities: readonly GoldenEntity[]): string | undefined {
  const text = words(after);
  const ownWords = words(own);
  const entity = entities.find((e) => carries(text, e.words) && !carries(ownWords, e.words));
  if (!entity) return undefined;
  const where = entity.from === 'prompt' ? 'named in the prompt of' : 'an expected argument of';
  return `carries "${entity.text}", ${where} golden case ${entity.caseId}: a description says what the tool does, not what a test asks`;
}

function vocabularyIn(
  after: string,
  own: string,
  tool: string,
  vocabulary: ToolVocabulary,
  tools: readonly ToolSpec[],
): string | undefined {
  const others = tools.map((t) => t.name).filter((n) => n !== tool);
  // A sentence naming another tool contrasts with it ("not for X: use other_tool") and may use its words.
  const [found] = foreignTerms(withoutContrasts(after, others), tool, vocabulary, stemsOf(own));
  if (!found) return undefined;
  return `carries "${found.word}", a term of ${found.owners.join(' and ')} and not of ${tool}: a sentence that uses another tool's words must name that tool`;
}

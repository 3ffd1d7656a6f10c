/**
 * Rewordings of golden prompts by a model, to measure whether a pick survives other words and other
 * entities (`--paraphrases N` on improve, where they are held out from every proposer, and on eval,
 * where they measure a suite's robustness to wording). One question per case, asking for N rewordings
 * of the same intent with other names, places and numbers; the answer goes through the model cache
 * like every model call, so a re-run asks nothing. A paraphrase keeps its case's expected and
 * forbidden tools but no expected arguments (its entities differ by design) and no rubric: it measures
 * the pick. Multi-turn cases and cases that script MRTR input are not reworded (their turns and
 * answers hang together); the result says which were left out and why.
 */

import { ModelError, type ModelClient } from '../../models/types.js';
import { safe } from '../../report/terminal-escape.js';
import { EXIT } from '../../shared/exit-codes.js';
import { InputError } from '../../shared/input-error.js';
import { expectedFirstTool } from '../confusions.js';
import { answerExcerpt, firstJsonObject } from '../model-answer.js';
import type { GoldenCase, GoldenSet } from '../types.js';

export interface ParaphraseSet {
  /** The model that wrote them. */
  writer: string;
  perCase: number;
  /** One golden case per rewording, id `<case>~p<i>`, tagged `paraphrase`. */
  cases: GoldenCase[];
  /** Cases not reworded, and why. */
  skipped: Array<{ id: string; reason: string }>;
  /** Cases whose answer held fewer rewordings than asked, or none readable: the problem, with a short escaped excerpt. */
  unreadable: Array<{ id: string; problem: string }>;
}

/** Longer rewordings are dropped: a prompt, not an essay. */
const MAX_PROMPT_CHARS = 1000;

const INSTRUCTIONS =
  'You reword requests that a user sends to an AI agent, to test that the agent understands what is asked rather than the words. ' +
  'Given one request, write the number of rewordings asked for. Each asks for the same kind of thing, so the same tool (or no tool) is ' +
  'still the right answer, but with different wording and different specifics: other names, places, companies, products, numbers and ' +
  'dates than the original. Answer with JSON only: {"paraphrases": ["<rewording>", "..."]}';

export const PARAPHRASE_TAG = 'paraphrase';

export function paraphraseId(caseId: string, index: number): string {
  return `${caseId}~p${index}`;
}

/** The golden case a paraphrase rewords (its id before the last `~p<i>`). */
export function paraphrasedCase(id: string): string {
  return id.replace(/~p\d+$/, '');
}

/** Why a case is not reworded, or undefined when it is. */
export function notRewordable(c: GoldenCase): string | undefined {
  return c.turns.length > 1 ? 'multi-turn' : c.inputs || c.expectInput ? 'scripts MRTR input' : undefined;
}

export async function paraphraseGolden(golden: GoldenSet, model: ModelClient, perCase: number, concurrency = 4): Promise<ParaphraseSet> {
  const skipped: ParaphraseSet['skipped'] = [];
  const eligible = golden.cases.filter((c) => {
    const reason = notRewordable(c);
    if (reason) skipped.push({ id: c.id, reason });
    return reason === undefined;
  });
  const answers = new Map<string, { texts: string[]; problem?: string }>();
  const queue = [...eligible];
  const worker = async (): Promise<void> => {
    for (let c = queue.shift(); c; c = queue.shift()) answers.set(c.id, await ask(model, c, perCase));
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, eligible.length)) }, worker));
  const ids = new Set(golden.cases.map((c) => c.id));
  const cases: GoldenCase[] = [];
  const unreadable: ParaphraseSet['unreadable'] = [];
  for (const c of eligible) {
    const { texts, problem } = answers.get(c.id)!;
    if (problem) unreadable.push({ id: c.id, problem });
    texts.forEach((text, i) => {
      let id = paraphraseId(c.id, i + 1);
      while (ids.has(id)) id = `${id}~`;
      ids.add(id);
      cases.push(asCase(c, id, text, model.id));
    });
  }
  return { writer: model.id, perCase, cases, skipped, unreadable };
}

function asCase(original: GoldenCase, id: string, text: string, writer: string): GoldenCase {
  const { rubric: _rubric, inputs: _inputs, expectInput: _expectInput, minPasses: _minPasses, draft: _draft, ...kept } = original;
  return {
    ...kept,
    id,
    turns: [text],
    expectArgs: {},
    kind: 'soft',
    tags: [...original.tags.filter((t) => t !== PARAPHRASE_TAG), PARAPHRASE_TAG],
    source: `${original.source} (reworded by ${writer})`,
  };
}

async function ask(model: ModelClient, c: GoldenCase, perCase: number): Promise<{ texts: string[]; problem?: string }> {
  let text: string;
  try {
    const request = { request: c.turns[0], count: perCase, needs: expectedFirstTool(c) ?? 'no tool' };
    text = (
      await model.generate({
        messages: [
          { role: 'system', content: INSTRUCTIONS },
          { role: 'user', content: JSON.stringify(request, null, 2) },
        ],
        tools: [],
        sampleIndex: 0,
        temperature: 0,
      })
    ).text;
  } catch (error) {
    if (!(error instanceof ModelError)) throw error;
    // A key the provider refuses refuses every question: stop at the first, with the line that names it.
    if (error.kind === 'rejected-credentials') throw new InputError(`no paraphrase written: ${error.message}`, EXIT.missingCredentials);
    return { texts: [], problem: safe(error.message) };
  }
  const read = readParaphrases(text, c.turns[0] ?? '', perCase);
  if ('problem' in read) return { texts: [], problem: `${model.id}: ${read.problem}: ${answerExcerpt(text)}` };
  return read.texts.length < perCase
    ? { texts: read.texts, problem: `${model.id}: ${read.texts.length} usable rewording(s) of ${perCase} asked` }
    : { texts: read.texts };
}

/** The rewordings in the first JSON object of the answer: strings, trimmed, new, distinct, at most `perCase`. */
export function readParaphrases(text: string, original: string, perCase: number): { texts: string[] } | { problem: string } {
  const read = firstJsonObject(text);
  if ('problem' in read) return read;
  const list = (read.value as { paraphrases?: unknown }).paraphrases;
  if (!Array.isArray(list)) return { problem: 'the answer has no "paraphrases" list' };
  const seen = new Set([normal(original)]);
  const texts: string[] = [];
  for (const item of list) {
    if (typeof item !== 'string') continue;
    const trimmed = item.trim();
    if (trimmed === '' || trimmed.length > MAX_PROMPT_CHARS || seen.has(normal(trimmed))) continue;
    seen.add(normal(trimmed));
    texts.push(trimmed);
    if (texts.length === perCase) break;
  }
  return { texts };
}

function normal(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}

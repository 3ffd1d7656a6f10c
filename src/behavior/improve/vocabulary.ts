/**
 * Which terms belong to which tool: the stems of everything a model reads of a tool (its name,
 * description, parameter names and descriptions, enum values). A term is another tool's vocabulary
 * for tool X when X's own text lacks it and it is distinctive of the tools that have it: used by at
 * most a quarter of the server's tools (at least one). "email" on `search_invoices` belongs to
 * `send_email`; "city", used by half the tools, belongs to nobody in particular.
 */

import { toolTexts } from '../../models/lexical/overlap.js';
import { terms, words } from '../../models/lexical/terms.js';
import type { ToolSpec } from '../../models/types.js';
import { escapeRegExp } from '../../shared/regexp.js';

export interface ToolVocabulary {
  /** Tool name -> the stems of its text. */
  own: Map<string, Set<string>>;
  /** Stem -> the tools whose text has it, when they are few enough for it to be theirs. */
  distinctive: Map<string, string[]>;
}

export function toolVocabulary(tools: readonly ToolSpec[]): ToolVocabulary {
  const names = tools.map((t) => t.name);
  const own = new Map(tools.map((t) => [t.name, new Set(toolTexts(t).flatMap(terms))]));
  const users = new Map<string, string[]>();
  // "Use get_forecast instead for later days" on get_weather makes "later" get_forecast's word, not get_weather's.
  for (const tool of tools) {
    const others = names.filter((n) => n !== tool.name);
    const [, , ...parameters] = toolTexts(tool);
    const affirmed = [tool.name, withoutContrasts(tool.description ?? '', others), ...parameters];
    for (const s of new Set(affirmed.flatMap(terms))) users.set(s, [...(users.get(s) ?? []), tool.name]);
  }
  const limit = Math.max(1, Math.floor(tools.length / 4));
  return { own, distinctive: new Map([...users].filter(([, names]) => names.length <= limit)) };
}

/** Another tool's distinctive terms in `text` that `tool`'s own text (and `also`) lacks, each once, as written. */
export function foreignTerms(
  text: string,
  tool: string,
  vocabulary: ToolVocabulary,
  also: ReadonlySet<string> = new Set(),
): Array<{ word: string; owners: string[] }> {
  const own = vocabulary.own.get(tool) ?? new Set<string>();
  const out = new Map<string, { word: string; owners: string[] }>();
  for (const word of words(text)) {
    const term = terms(word)[0];
    if (term === undefined || own.has(term) || also.has(term) || out.has(term)) continue;
    const owners = vocabulary.distinctive.get(term)?.filter((n) => n !== tool);
    if (owners && owners.length > 0) out.set(term, { word, owners });
  }
  return [...out.values()];
}

/** The stems of a text, as the vocabulary counts them. */
export function stemsOf(text: string): Set<string> {
  return new Set(terms(text));
}

/** The text less its sentences that name one of `others`: those contrast with another tool ("not for X: use other_tool"). */
export function withoutContrasts(text: string, others: readonly string[]): string {
  return text
    .split(/(?<=[.!?])\s+|\n+/)
    .filter((sentence) => !others.some((name) => new RegExp(`(^|[^\\w])${escapeRegExp(name)}($|[^\\w])`).test(sentence)))
    .join(' ');
}

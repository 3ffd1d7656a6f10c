/**
 * Pairs of tools a model may confuse, found offline: each tool's name, description, parameter names,
 * parameter descriptions and enum values as a TF-IDF vector over the server's tools, compared by
 * cosine. A term every tool uses says little about which to pick, so it weighs little; a term only
 * the two share weighs most. Unlike the baseline's ranking, the name weighs as much as any word: two
 * tools described alike are confusable whatever they are called. An early warning, not a measurement.
 */

import type { ToolSpec } from '../types.js';
import { propertiesOf, text, type Schema } from './schema.js';
import { terms, words } from './terms.js';

export interface ToolOverlap {
  tools: [string, string];
  /** Cosine similarity of the two TF-IDF vectors, 0..1, four decimals. */
  score: number;
  /** The terms both use, strongest first, each shown as a word one of the tools wrote. */
  sharedTerms: string[];
  /** Parameter names both tools take. */
  sharedParameters: string[];
}

const SHOWN_TERMS = 8;

/** Every pair that shares anything, highest score first; ties keep the server's order. */
export function toolOverlaps(tools: ToolSpec[]): ToolOverlap[] {
  const docs = tools.map(termCounts);
  const df = new Map<string, number>();
  for (const doc of docs) for (const term of doc.keys()) df.set(term, (df.get(term) ?? 0) + 1);
  const idf = (term: string): number => Math.log((docs.length + 1) / (df.get(term) ?? 1));
  const vectors = docs.map((doc) => weights(doc, idf));
  const surface = surfaceWords(tools);
  const pairs: ToolOverlap[] = [];
  for (let i = 0; i < tools.length; i++) {
    for (let j = i + 1; j < tools.length; j++) {
      const a = vectors[i]!;
      const b = vectors[j]!;
      const shared = [...a.weights.keys()].filter((term) => b.weights.has(term));
      if (shared.length === 0) continue;
      const dot = shared.reduce((sum, term) => sum + a.weights.get(term)! * b.weights.get(term)!, 0);
      const score = a.norm === 0 || b.norm === 0 ? 0 : dot / (a.norm * b.norm);
      const strength = (term: string): number => Math.min(a.weights.get(term)!, b.weights.get(term)!);
      pairs.push({
        tools: [tools[i]!.name, tools[j]!.name],
        score: Math.round(score * 10_000) / 10_000,
        sharedTerms: shared
          .filter((term) => strength(term) > 0)
          .sort((x, y) => strength(y) - strength(x))
          .slice(0, SHOWN_TERMS)
          .map((term) => surface.get(term) ?? term),
        sharedParameters: parameterNames(tools[i]!).filter((name) => parameterNames(tools[j]!).includes(name)),
      });
    }
  }
  return pairs.sort((x, y) => y.score - x.score);
}

/** Every text of a tool a model reads: its name, description, parameter names and descriptions, enum values. */
export function toolTexts(tool: ToolSpec): string[] {
  const root = tool.inputSchema as Schema;
  const texts = [tool.name, tool.description ?? ''];
  for (const p of propertiesOf(root, root)) {
    texts.push(p.name, text(p.schema, 'description'));
    if (Array.isArray(p.schema.enum)) texts.push(p.schema.enum.filter((v) => typeof v === 'string').join(' '));
  }
  return texts;
}

function termCounts(tool: ToolSpec): Map<string, number> {
  const counts = new Map<string, number>();
  for (const term of toolTexts(tool).flatMap(terms)) counts.set(term, (counts.get(term) ?? 0) + 1);
  return counts;
}

function weights(doc: Map<string, number>, idf: (term: string) => number): { weights: Map<string, number>; norm: number } {
  const out = new Map<string, number>();
  for (const [term, tf] of doc) out.set(term, tf * idf(term));
  return { weights: out, norm: Math.sqrt([...out.values()].reduce((sum, w) => sum + w * w, 0)) };
}

function parameterNames(tool: ToolSpec): string[] {
  const root = tool.inputSchema as Schema;
  return propertiesOf(root, root).map((p) => p.name);
}

/** A stem shown as the first word that produced it ("invoic" as "invoices"): stems read badly. */
function surfaceWords(tools: ToolSpec[]): Map<string, string> {
  const out = new Map<string, string>();
  const visit = (text: string): void => {
    for (const word of words(text)) {
      const term = terms(word)[0];
      if (term !== undefined && !out.has(term)) out.set(term, word);
    }
  };
  for (const tool of tools) {
    visit(tool.name);
    visit(tool.description ?? '');
    const root = tool.inputSchema as Schema;
    for (const p of propertiesOf(root, root)) visit(`${p.name} ${text(p.schema, 'description')}`);
  }
  return out;
}

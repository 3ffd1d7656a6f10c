/**
 * BM25 over tool documents, with the name counted three times and parameter names twice: a tool's
 * name is the strongest statement of what it is for. The score is divided by the best score the
 * prompt could reach (every term matched, saturated), which puts it in [0, 1) whatever the number
 * of tools or the length of the prompt, so one threshold serves every server. A term no tool
 * mentions keeps its full weight in that divisor: an off-topic prompt stays near zero.
 */

import type { ToolSpec } from '../types.js';
import { propertiesOf, text, type Schema } from './schema.js';
import { queryTerms, stem, terms, words } from './terms.js';

const K1 = 1.2;
const B = 0.75;
const NAME_WEIGHT = 3;
const PARAMETER_NAME_WEIGHT = 2;

interface ToolDocument {
  name: string;
  counts: Map<string, number>;
  length: number;
}

export interface Ranked {
  tool: string;
  score: number;
}

function add(doc: ToolDocument, source: string, weight: number): void {
  for (const term of terms(source)) {
    doc.counts.set(term, (doc.counts.get(term) ?? 0) + weight);
    doc.length += weight;
  }
}

/**
 * A description that names a sibling ("use get_forecast instead") points away from itself, so the
 * sibling's name is left out of this tool's document.
 */
function documentOf(tool: ToolSpec, siblings: string[]): ToolDocument {
  const doc: ToolDocument = { name: tool.name, counts: new Map(), length: 0 };
  add(doc, tool.name, NAME_WEIGHT);
  add(
    doc,
    siblings.reduce((text, sibling) => text.split(sibling).join(' '), tool.description ?? ''),
    1,
  );
  const root = tool.inputSchema as Schema;
  for (const property of propertiesOf(root, root)) {
    add(doc, property.name, PARAMETER_NAME_WEIGHT);
    add(doc, text(property.schema, 'description'), 1);
    const values = property.schema.enum;
    if (Array.isArray(values)) add(doc, values.filter((v) => typeof v === 'string').join(' '), 1);
  }
  return doc;
}

/**
 * "look up" for a tool named lookup_customer, "sign up" for signup: adjacent words joined, kept
 * only when some tool uses the joined form, so the ordinary case adds nothing to the divisor.
 */
function compounds(prompt: string, docs: ToolDocument[]): string[] {
  const w = words(prompt);
  const joined = w.slice(1).map((second, i) => stem(`${w[i] ?? ''}${second}`));
  return joined.filter((term) => docs.some((d) => d.counts.has(term)));
}

/**
 * Documents by the tool list they were made from: a run asks with the same list (the agent keeps one
 * per run) for every sample, and a document is only read once made.
 */
const documents = new WeakMap<ToolSpec[], ToolDocument[]>();

function documentsOf(tools: ToolSpec[]): ToolDocument[] {
  let docs = documents.get(tools);
  if (docs === undefined) {
    const names = tools.map((t) => t.name);
    docs = tools.map((tool) =>
      documentOf(
        tool,
        names.filter((n) => n !== tool.name),
      ),
    );
    documents.set(tools, docs);
  }
  return docs;
}

/** Tools by descending score; ties keep the server's order, so the result is deterministic. */
export function rankTools(prompt: string, tools: ToolSpec[]): Ranked[] {
  const docs = documentsOf(tools);
  if (docs.length === 0) return [];
  const query = [...new Set([...queryTerms(prompt), ...compounds(prompt, docs)])];
  const averageLength = docs.reduce((sum, d) => sum + d.length, 0) / docs.length || 1;
  const idf = (term: string): number => {
    // A word no tool uses weighs as much as the rarest word one tool uses: enough to pull an
    // off-topic prompt down, without letting two stray words outweigh the whole match of a small server.
    const df = Math.max(1, docs.filter((d) => d.counts.has(term)).length);
    return Math.log(1 + (docs.length - df + 0.5) / (df + 0.5));
  };
  const weights = query.map((term) => ({ term, idf: idf(term) }));
  const best = weights.reduce((sum, w) => sum + w.idf * (K1 + 1), 0);
  const ranked = docs.map((doc) => {
    let score = 0;
    for (const { term, idf: weight } of weights) {
      const tf = doc.counts.get(term) ?? 0;
      score += (weight * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * doc.length) / averageLength));
    }
    return { tool: doc.name, score: best === 0 ? 0 : score / best };
  });
  return ranked.sort((a, b) => b.score - a.score);
}

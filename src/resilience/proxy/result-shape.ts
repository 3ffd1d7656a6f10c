/**
 * Rewrites a tools/call result consistently in both places a model may read it: structuredContent
 * and the text blocks. A text block that is the JSON of the structured content (what servers send
 * for clients that ignore structuredContent) is re-serialised from the rewritten value, so the two
 * never disagree; any other text goes through its own rewrite.
 */

import { isDeepStrictEqual } from 'node:util';
import { parseServerJson } from '../../wire/server-json.js';
import { isRecord } from '../../shared/guards.js';

export interface ResultRewrite {
  /** The new structured content (called only when the result has one). */
  structured(value: unknown): unknown;
  /** Text that does not mirror the structured content. */
  text(value: string): string;
}

export function rewriteResult(result: Record<string, unknown>, rewrite: ResultRewrite): Record<string, unknown> {
  const hasStructured = result.structuredContent !== undefined;
  const original = result.structuredContent;
  const structured = hasStructured ? rewrite.structured(original) : undefined;
  const blocks = Array.isArray(result.content) ? result.content : [];
  const content = blocks.map((block) => {
    if (!isRecord(block) || block.type !== 'text' || typeof block.text !== 'string') return block;
    const mirrored = hasStructured && isDeepStrictEqual(parseJson(block.text), original);
    return { ...block, text: mirrored ? JSON.stringify(structured) : rewrite.text(block.text) };
  });
  return { ...result, content, ...(hasStructured ? { structuredContent: structured } : {}) };
}

/** A tool result's text is the server's: depth-capped, since isDeepStrictEqual recurses into it. */
function parseJson(text: string): unknown {
  const parsed = parseServerJson(text);
  return parsed.ok ? parsed.value : undefined;
}

/** Resolves a local `#/$defs/...` (or `#/definitions/...`) reference against the root schema. */
export function resolveSchema(schema: unknown, root: unknown): Record<string, unknown> | undefined {
  if (!isRecord(schema)) return undefined;
  const ref = schema.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return schema;
  let node: unknown = root;
  for (const part of ref.slice(2).split('/')) node = isRecord(node) ? node[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
  return isRecord(node) ? node : undefined;
}

/** The schema of an object property or array item, or undefined when the schema says nothing. */
export function childSchema(schema: Record<string, unknown> | undefined, key: string | number): unknown {
  if (!schema) return undefined;
  if (typeof key === 'number') {
    if (Array.isArray(schema.prefixItems) && key < schema.prefixItems.length) return schema.prefixItems[key];
    return schema.items;
  }
  const properties = isRecord(schema.properties) ? schema.properties : {};
  return key in properties ? properties[key] : schema.additionalProperties;
}

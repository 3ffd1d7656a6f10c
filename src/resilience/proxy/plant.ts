/**
 * Injection mode: a payload planted into a real tool result, where a compromised server or a
 * poisoned data source would put it. In structuredContent it is appended to the longest free
 * string field (one the outputSchema does not pin with enum, pattern, format or maxLength, so the
 * result stays valid); in text it is appended as a paragraph. A result with neither gets a text block.
 */

import { isRecord } from '../../shared/guards.js';
import { childSchema, resolveSchema, rewriteResult } from './result-shape.js';

type Path = Array<string | number>;

function freeString(schema: Record<string, unknown> | undefined): boolean {
  if (!schema) return true;
  return !['enum', 'const', 'pattern', 'format', 'maxLength', 'anyOf', 'oneOf', 'allOf', 'not'].some((keyword) => keyword in schema);
}

/** The path of the longest string leaf the payload may be appended to. */
function longestFreeString(value: unknown, rawSchema: unknown, root: unknown, path: Path = []): { path: Path; length: number } | undefined {
  const schema = resolveSchema(rawSchema, root);
  if (typeof value === 'string') return freeString(schema) ? { path, length: value.length } : undefined;
  const entries: Array<[string | number, unknown]> = Array.isArray(value)
    ? value.map((v, i) => [i, v])
    : isRecord(value)
      ? Object.entries(value)
      : [];
  let best: { path: Path; length: number } | undefined;
  for (const [key, child] of entries) {
    const found = longestFreeString(child, childSchema(schema, key), root, [...path, key]);
    if (found && (!best || found.length > best.length)) best = found;
  }
  return best;
}

function appendAt(value: unknown, path: Path, payload: string): unknown {
  if (path.length === 0) return `${String(value)} ${payload}`;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((item, i) => (i === head ? appendAt(item, rest, payload) : item));
  if (isRecord(value)) return { ...value, [head as string]: appendAt(value[head as string], rest, payload) };
  return value;
}

export function plantPayload(result: Record<string, unknown>, outputSchema: unknown, payload: string): Record<string, unknown> {
  let planted = false;
  const rewritten = rewriteResult(result, {
    structured: (value) => {
      const target = longestFreeString(value, outputSchema, outputSchema);
      if (!target) return value;
      planted = true;
      return appendAt(value, target.path, payload);
    },
    text: (text) => {
      planted = true;
      return `${text}\n\n${payload}`;
    },
  });
  if (planted) return rewritten;
  const content = Array.isArray(rewritten.content) ? rewritten.content : [];
  return { ...rewritten, content: [...content, { type: 'text', text: payload }] };
}

/**
 * JSON from a server, parsed with a cap on nesting depth. V8's JSON.parse copes with any depth, but
 * nearly everything mcpgate does next (canonical JSON, schema compilation, JSON.stringify for
 * evidence) recurses, so a 10,000-level message would end the run with a stack overflow. The depth
 * is measured with an explicit stack, and a refused message keeps only its top-level `id`, so the
 * exchange it answers fails with a message naming the cap instead of waiting for a timeout.
 */

import { isRecord } from '../shared/guards.js';

/**
 * Deepest nesting accepted in one message (the envelope counts: a tool's inputSchema starts at level
 * 5 of a tools/list response). Real servers stay far below: the SDK fixtures, server-everything and
 * the reference server send at most 10 levels.
 */
export const MAX_JSON_DEPTH = 128;

export type ServerJson =
  | { ok: true; value: unknown }
  | { ok: false; reason: 'not-json' }
  /** Valid JSON nested deeper than MAX_JSON_DEPTH; `id` is the top-level id, if it had one. */
  | { ok: false; reason: 'too-deep'; id?: unknown; message: string };

export function parseServerJson(text: string, maxDepth = MAX_JSON_DEPTH): ServerJson {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'not-json' };
  }
  if (!exceedsDepth(value, maxDepth)) return { ok: true, value };
  const id = isRecord(value) ? value.id : undefined;
  return { ok: false, reason: 'too-deep', id: typeof id === 'object' ? undefined : id, message: tooDeepMessage(maxDepth) };
}

export function tooDeepMessage(maxDepth = MAX_JSON_DEPTH): string {
  return `the server sent JSON nested deeper than ${maxDepth} levels (mcpgate's cap on nesting); the message was refused unread`;
}

/** True when objects and arrays nest deeper than `maxDepth`; stops at the first node past it. */
export function exceedsDepth(root: unknown, maxDepth = MAX_JSON_DEPTH): boolean {
  const nodes: unknown[] = [root];
  const depths: number[] = [1];
  while (nodes.length > 0) {
    const node = nodes.pop();
    const depth = depths.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    if (depth > maxDepth) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (typeof child === 'object' && child !== null) {
        nodes.push(child);
        depths.push(depth + 1);
      }
    }
  }
  return false;
}

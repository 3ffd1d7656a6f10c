/**
 * Maps a path into the parsed data (as zod reports it, or as a rule names it) back to the YAML node
 * it came from, so every problem can name a line and column.
 */

import { isMap, isPair, isScalar, isSeq, type Document, type LineCounter, type Node } from 'yaml';

export type PathSegment = string | number;

export interface Position {
  line: number;
  col: number;
}

interface Found {
  /** The node at the path, when the path exists and has a node. */
  node?: Node;
  /** The key node of the last segment when it is a mapping key. */
  key?: Node;
  /** The deepest node reached, for paths that leave the document. */
  deepest: Node;
}

function walk(doc: Document, path: readonly PathSegment[]): Found | undefined {
  let current = doc.contents as Node | null;
  if (!current) return undefined;
  let key: Node | undefined;
  for (const segment of path) {
    key = undefined;
    let next: Node | null | undefined;
    if (isSeq(current)) {
      next = current.items[Number(segment)] as Node | undefined;
    } else if (isMap(current)) {
      const pair = current.items.find((item) => isPair(item) && isScalar(item.key) && String(item.key.value) === String(segment));
      key = pair?.key as Node | undefined;
      next = pair?.value as Node | null | undefined;
      // A key written with no value (`expect_tool:`) has no value node; point at the key instead.
      if (pair && !next) return { key, deepest: key ?? current };
    }
    if (!next) return { deepest: current };
    current = next;
  }
  return { node: current, key, deepest: current };
}

function positionOf(node: Node | undefined, lines: LineCounter): Position | undefined {
  const start = node?.range?.[0];
  return start === undefined ? undefined : lines.linePos(start);
}

/** Where the value at `path` is written; falls back to the closest enclosing node. */
export function valuePosition(doc: Document, lines: LineCounter, path: readonly PathSegment[]): Position {
  const found = walk(doc, path);
  return positionOf(found?.node ?? found?.key ?? found?.deepest, lines) ?? { line: 1, col: 1 };
}

/** Where the key of the last segment of `path` is written (for unknown or misplaced keys). */
export function keyPosition(doc: Document, lines: LineCounter, path: readonly PathSegment[]): Position {
  const found = walk(doc, path);
  return positionOf(found?.key ?? found?.node ?? found?.deepest, lines) ?? { line: 1, col: 1 };
}

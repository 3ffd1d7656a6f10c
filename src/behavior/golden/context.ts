/** What the checks of one golden file share: the parsed document, its data, and the problems found so far. */

import type { Document, LineCounter } from 'yaml';
import type { FileProblem } from '../../shared/yaml/problems.js';
import { keyPosition, valuePosition, type PathSegment } from '../../shared/yaml/locate.js';

export interface LoadContext {
  file: string;
  doc: Document;
  lines: LineCounter;
  /** The document as plain data. */
  data: unknown;
  problems: FileProblem[];
}

/** The path of the case list: the document itself, or its `cases` key. */
export function casesPath(data: unknown): PathSegment[] {
  return Array.isArray(data) ? [] : ['cases'];
}

/** The raw case list, whatever its shape turned out to be. */
export function rawCases(data: unknown): unknown[] {
  if (Array.isArray(data)) return data;
  const cases = isRecord(data) ? data.cases : undefined;
  return Array.isArray(cases) ? cases : [];
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The index of the case a path points into, or undefined for paths outside the cases. */
export function caseIndexOf(data: unknown, path: readonly PathSegment[]): number | undefined {
  const prefix = casesPath(data);
  if (path.length <= prefix.length || prefix.some((segment, i) => String(path[i]) !== segment)) return undefined;
  const index = Number(path[prefix.length]);
  return Number.isInteger(index) ? index : undefined;
}

/** The id of the case at `index` when it has a usable one. */
function caseIdAt(data: unknown, index: number | undefined): string | undefined {
  if (index === undefined) return undefined;
  const raw = rawCases(data)[index];
  const id = isRecord(raw) ? raw.id : undefined;
  return typeof id === 'string' && id !== '' ? id : undefined;
}

/** Records a problem at the value (or, with `at: 'key'`, the key) the path names. */
export function report(ctx: LoadContext, path: readonly PathSegment[], message: string, fix?: string, at: 'value' | 'key' = 'value'): void {
  const position = at === 'key' ? keyPosition(ctx.doc, ctx.lines, path) : valuePosition(ctx.doc, ctx.lines, path);
  const caseId = caseIdAt(ctx.data, caseIndexOf(ctx.data, path));
  ctx.problems.push({ file: ctx.file, line: position.line, col: position.col, caseId, message, fix });
}

/** The part of a path inside its case (the whole path when it is outside the cases). */
export function pathInCase(data: unknown, path: readonly PathSegment[]): readonly PathSegment[] {
  return caseIndexOf(data, path) === undefined ? path : path.slice(casesPath(data).length + 1);
}

/** How a path reads in a message, relative to its case: `expect_args.city.value`, `turns[2]`. */
export function fieldName(data: unknown, path: readonly PathSegment[]): string {
  let name = '';
  for (const segment of pathInCase(data, path)) {
    name += /^\d+$/.test(String(segment)) ? `[${segment}]` : `${name === '' ? '' : '.'}${segment}`;
  }
  return name;
}

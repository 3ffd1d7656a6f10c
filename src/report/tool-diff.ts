/**
 * What changed on a server's tool surface between two runs: tools added, removed and changed, and for
 * a changed tool which parts (title, description, input and output schema, annotations) and where in
 * them. Plain values only; every renderer escapes them for its own format. Values are compared as
 * canonical JSON, so a schema re-serialised with its keys in another order is no change.
 */

import { canonicalJson } from '../shared/canonical-json.js';
import type { ToolSurface } from './model.js';
import { isRecord } from '../shared/guards.js';

export const TOOL_FIELDS = ['title', 'description', 'inputSchema', 'outputSchema', 'annotations'] as const;
export type ToolField = (typeof TOOL_FIELDS)[number];

/** One place inside a field, as a JSON Pointer (`/properties/units`; `` for the field itself). */
export interface PathChange {
  path: string;
  kind: 'added' | 'removed' | 'changed';
  before?: unknown;
  after?: unknown;
}

export interface FieldChange {
  field: ToolField;
  before?: unknown;
  after?: unknown;
  /** Where the two differ, at most MAX_PATHS of them; `morePaths` counts the rest. */
  paths: PathChange[];
  morePaths: number;
}

export interface ToolChange {
  kind: 'added' | 'removed' | 'changed';
  tool: string;
  /** For `added`, the tool now; for `removed`, the tool then. */
  surface?: ToolSurface;
  /** For `changed`: the parts that differ, in TOOL_FIELDS order. */
  fields: FieldChange[];
}

/** Places listed per field: enough to see what moved, few enough for a table cell. */
export const MAX_PATHS = 8;

function same(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

/** RFC 6901: `~` and `/` inside a key are written `~0` and `~1`. */
function pointer(path: string, key: string): string {
  return `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
}

/** Objects are walked key by key; anything else (arrays included: their order is meaning) is one value. */
function pathChanges(before: unknown, after: unknown, path: string, out: PathChange[]): void {
  if (same(before, after)) return;
  if (before === undefined) {
    out.push({ path, kind: 'added', after });
    return;
  }
  if (after === undefined) {
    out.push({ path, kind: 'removed', before });
    return;
  }
  if (!isRecord(before) || !isRecord(after)) {
    out.push({ path, kind: 'changed', before, after });
    return;
  }
  for (const key of [...new Set([...Object.keys(before), ...Object.keys(after)])].sort())
    pathChanges(before[key], after[key], pointer(path, key), out);
}

function fieldChange(field: ToolField, before: ToolSurface, after: ToolSurface): FieldChange | undefined {
  const then = before[field];
  const now = after[field];
  if (same(then, now)) return undefined;
  const paths: PathChange[] = [];
  pathChanges(then, now, '', paths);
  return {
    field,
    ...(then === undefined ? {} : { before: then }),
    ...(now === undefined ? {} : { after: now }),
    paths: paths.slice(0, MAX_PATHS),
    morePaths: Math.max(0, paths.length - MAX_PATHS),
  };
}

/** Removed tools first (a client calling them breaks), then changed, then added; by name within each. */
export function diffTools(before: readonly ToolSurface[], after: readonly ToolSurface[]): ToolChange[] {
  const then = new Map(before.map((t) => [t.name, t]));
  const now = new Map(after.map((t) => [t.name, t]));
  const byName = (a: ToolChange, b: ToolChange): number => (a.tool < b.tool ? -1 : a.tool > b.tool ? 1 : 0);
  const removed = [...then.values()]
    .filter((t) => !now.has(t.name))
    .map((t): ToolChange => ({ kind: 'removed', tool: t.name, surface: t, fields: [] }));
  const added = [...now.values()]
    .filter((t) => !then.has(t.name))
    .map((t): ToolChange => ({ kind: 'added', tool: t.name, surface: t, fields: [] }));
  const changed: ToolChange[] = [];
  for (const [name, tool] of now) {
    const old = then.get(name);
    if (!old) continue;
    const fields = TOOL_FIELDS.map((field) => fieldChange(field, old, tool)).filter((f): f is FieldChange => f !== undefined);
    if (fields.length > 0) changed.push({ kind: 'changed', tool: name, fields });
  }
  return [...removed.sort(byName), ...changed.sort(byName), ...added.sort(byName)];
}

/** A value on one line for a diff: strings quoted, everything else as compact JSON. */
export function shownValue(value: unknown): string {
  return value === undefined ? 'nothing' : JSON.stringify(value);
}

/** `description: "Get the weather" → "Get the weather and forecast"; inputSchema /properties/units: added {…}`. */
export function describeFieldChange(change: FieldChange): string {
  if (change.paths.length === 1 && change.paths[0]!.path === '') {
    return `${change.field}: ${shownValue(change.before)} → ${shownValue(change.after)}`;
  }
  const parts = change.paths.map((p) => {
    if (p.kind === 'added') return `${p.path} added ${shownValue(p.after)}`;
    if (p.kind === 'removed') return `${p.path} removed (was ${shownValue(p.before)})`;
    return `${p.path} ${shownValue(p.before)} → ${shownValue(p.after)}`;
  });
  if (change.morePaths > 0) parts.push(`${change.morePaths} more`);
  return `${change.field} ${parts.join('; ')}`;
}

/**
 * One schema position as synthesis sees it: every subschema that applies there (the position itself,
 * what its `$ref`s point to, its `allOf` entries) folded into one set of constraints. The parts are
 * kept with their pointers, so a candidate value can still be validated against each one in place.
 * Keywords synthesis does not model (`not`, `if`, `dependentSchemas`, ...) are left to the final
 * validation of the whole arguments.
 */

import { canonicalJson } from '../../shared/canonical-json.js';
import { BUDGET_SPENT, MAX_EXAMPLES, MAX_FOLD_DEPTH, type Budget } from './limits.js';
import { childPointer, resolveLocalRef } from './pointer.js';
import { isRecord } from '../../shared/guards.js';

export type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'null' | 'object' | 'array';
type Hint = 'string' | 'object' | 'array' | 'number';

const JSON_TYPES: ReadonlySet<string> = new Set(['string', 'number', 'integer', 'boolean', 'null', 'object', 'array']);

/** Keywords that say which type a schema without `type` describes, in the order inference tries them. */
const HINTS: ReadonlyArray<[Hint, readonly string[]]> = [
  ['string', ['format', 'pattern', 'minLength', 'maxLength']],
  [
    'object',
    ['properties', 'required', 'additionalProperties', 'patternProperties', 'minProperties', 'maxProperties', 'dependentRequired'],
  ],
  ['array', ['items', 'prefixItems', 'minItems', 'maxItems', 'contains', 'uniqueItems']],
  ['number', ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf']],
];

export interface Part {
  schema: unknown;
  /** Where the subschema sits in the root schema, as a JSON pointer. */
  pointer: string;
}

/** An anyOf or oneOf met while folding; `key` is the pointer of the keyword, so a resolved one can be skipped. */
export interface Choice {
  key: string;
  kind: 'anyOf' | 'oneOf';
  schemas: readonly unknown[];
}

export interface Node {
  parts: readonly Part[];
  /** Why no value can satisfy the position, when folding already knows. */
  problem?: string;
  /** Declared types intersected, in the order of the first declaration; undefined when none is declared. */
  types?: JsonType[];
  hints: Set<Hint>;
  hasConst: boolean;
  const?: unknown;
  enum?: readonly unknown[];
  examples: unknown[];
  defaults: unknown[];
  minLength?: number;
  maxLength?: number;
  patterns: string[];
  formats: string[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf: number[];
  minItems?: number;
  maxItems?: number;
  uniqueItems: boolean;
  prefixItems: Part[][];
  items: Part[];
  itemsForbidden: boolean;
  contains: Part[];
  minContains?: number;
  maxContains?: number;
  properties: Map<string, Part[]>;
  required: string[];
  minProperties?: number;
  maxProperties?: number;
  additionalProperties: Part[];
  additionalForbidden: boolean;
  patternProperties: Array<{ pattern: string; part: Part }>;
  dependentRequired: Map<string, string[]>;
  choices: Choice[];
  /** The keys of choices already resolved for this position (their option is among the parts). */
  skipped: ReadonlySet<string>;
}

export interface Folding {
  root: unknown;
  budget: Budget;
  /** Draft-07 ignores every keyword beside a `$ref`. */
  refHidesSiblings: boolean;
}

const NO_SKIP: ReadonlySet<string> = new Set();

export function fold(parts: readonly Part[], folding: Folding, skip: ReadonlySet<string> = NO_SKIP): Node {
  const node: Node = {
    parts,
    hints: new Set(),
    hasConst: false,
    examples: [],
    defaults: [],
    patterns: [],
    formats: [],
    multipleOf: [],
    uniqueItems: false,
    prefixItems: [],
    items: [],
    itemsForbidden: false,
    contains: [],
    properties: new Map(),
    required: [],
    additionalProperties: [],
    additionalForbidden: false,
    patternProperties: [],
    dependentRequired: new Map(),
    choices: [],
    skipped: skip,
  };
  for (const part of parts) {
    absorb(node, part, 0, folding, skip);
    if (node.problem) break;
  }
  return node;
}

export function optionPart(choice: Choice, index: number): Part {
  return { schema: choice.schemas[index], pointer: childPointer(choice.key, index) };
}

function absorb(node: Node, part: Part, depth: number, folding: Folding, skip: ReadonlySet<string>): void {
  if (!folding.budget.visit()) {
    node.problem = BUDGET_SPENT;
    return;
  }
  const raw = part.schema;
  if (raw === false) {
    node.problem = 'its schema is false, which no value satisfies';
    return;
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return;
  if (depth > MAX_FOLD_DEPTH) {
    node.problem = `its schema nests more than ${MAX_FOLD_DEPTH} levels of $ref or allOf`;
    return;
  }
  const s = raw as Record<string, unknown>;
  if (typeof s.$ref === 'string') {
    const target = resolveLocalRef(folding.root, s.$ref);
    if (!target.ok) {
      node.problem = target.why;
      return;
    }
    absorb(node, { schema: target.schema, pointer: target.pointer }, depth + 1, folding, skip);
    if (folding.refHidesSiblings) return;
  }
  if (Array.isArray(s.allOf)) {
    // A loop, not a spread: a server's allOf of 200,000 entries would overflow the call stack.
    for (let i = 0; i < s.allOf.length && !node.problem; i++)
      absorb(node, { schema: s.allOf[i], pointer: childPointer(part.pointer, 'allOf', i) }, depth + 1, folding, skip);
  }
  for (const kind of ['anyOf', 'oneOf'] as const) {
    const key = childPointer(part.pointer, kind);
    const schemas = s[kind];
    if (Array.isArray(schemas) && !skip.has(key)) node.choices.push({ key, kind, schemas });
  }
  if (node.problem) return;
  for (const [hint, keywords] of HINTS) if (keywords.some((k) => k in s)) node.hints.add(hint);
  if ('type' in s) absorbType(node, s.type);
  absorbValues(node, s);
  absorbScalars(node, s);
  absorbArray(node, s, part.pointer);
  absorbObject(node, s, part.pointer);
}

function absorbType(node: Node, declared: unknown): void {
  const listed = (Array.isArray(declared) ? declared : [declared]).filter((t): t is JsonType => typeof t === 'string' && JSON_TYPES.has(t));
  const before = node.types;
  if (before === undefined) {
    node.types = [...new Set(listed)];
    return;
  }
  const accepts = (t: JsonType): JsonType | undefined =>
    listed.includes(t)
      ? t
      : (t === 'integer' && listed.includes('number')) || (t === 'number' && listed.includes('integer'))
        ? 'integer'
        : undefined;
  node.types = [...new Set(before.map(accepts).filter((t) => t !== undefined))];
  if (node.types.length === 0) node.problem = `type ${JSON.stringify(before)} and type ${JSON.stringify(listed)} have no value in common`;
}

function absorbValues(node: Node, s: Record<string, unknown>): void {
  if ('const' in s) {
    if (node.hasConst && canonicalJson(node.const) !== canonicalJson(s.const)) node.problem = 'two const values conflict';
    node.hasConst = true;
    node.const = s.const;
  }
  if (Array.isArray(s.enum)) {
    if (node.enum === undefined) node.enum = s.enum;
    else {
      const listed = new Set(s.enum.map((v) => canonicalJson(v)));
      node.enum = node.enum.filter((v) => listed.has(canonicalJson(v)));
      if (node.enum.length === 0) node.problem = 'no value is in every enum that applies';
    }
  }
  if (Array.isArray(s.examples))
    for (const example of s.examples.slice(0, MAX_EXAMPLES - node.examples.length)) node.examples.push(example);
  if ('default' in s && node.defaults.length < MAX_EXAMPLES) node.defaults.push(s.default);
}

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const higher = (a: number | undefined, b: unknown): number | undefined =>
  num(b) === undefined ? a : a === undefined ? num(b) : Math.max(a, num(b)!);
const lower = (a: number | undefined, b: unknown): number | undefined =>
  num(b) === undefined ? a : a === undefined ? num(b) : Math.min(a, num(b)!);

function absorbScalars(node: Node, s: Record<string, unknown>): void {
  node.minLength = higher(node.minLength, s.minLength);
  node.maxLength = lower(node.maxLength, s.maxLength);
  if (typeof s.pattern === 'string') node.patterns.push(s.pattern);
  if (typeof s.format === 'string') node.formats.push(s.format);
  node.minimum = higher(node.minimum, s.minimum);
  node.maximum = lower(node.maximum, s.maximum);
  node.exclusiveMinimum = higher(node.exclusiveMinimum, s.exclusiveMinimum);
  node.exclusiveMaximum = lower(node.exclusiveMaximum, s.exclusiveMaximum);
  const step = num(s.multipleOf);
  if (step !== undefined && step > 0) node.multipleOf.push(step);
}

function absorbArray(node: Node, s: Record<string, unknown>, pointer: string): void {
  node.minItems = higher(node.minItems, s.minItems);
  node.maxItems = lower(node.maxItems, s.maxItems);
  if (s.uniqueItems === true) node.uniqueItems = true;
  const tuple = (list: unknown[], keyword: string): void => {
    for (let i = 0; i < list.length; i++)
      (node.prefixItems[i] ??= []).push({ schema: list[i], pointer: childPointer(pointer, keyword, i) });
  };
  if (Array.isArray(s.prefixItems)) tuple(s.prefixItems, 'prefixItems');
  // Before 2020-12, an `items` array was the tuple and `additionalItems` the rest.
  const rest = Array.isArray(s.items) ? 'additionalItems' : 'items';
  if (Array.isArray(s.items)) tuple(s.items, 'items');
  if (s[rest] === false) node.itemsForbidden = true;
  else if (s[rest] !== undefined) node.items.push({ schema: s[rest], pointer: childPointer(pointer, rest) });
  if (s.contains !== undefined) node.contains.push({ schema: s.contains, pointer: childPointer(pointer, 'contains') });
  node.minContains = higher(node.minContains, s.minContains);
  node.maxContains = lower(node.maxContains, s.maxContains);
}

function absorbObject(node: Node, s: Record<string, unknown>, pointer: string): void {
  const properties = s.properties;
  if (isRecord(properties)) {
    for (const [name, schema] of Object.entries(properties)) {
      const list = node.properties.get(name) ?? [];
      list.push({ schema, pointer: childPointer(pointer, 'properties', name) });
      node.properties.set(name, list);
    }
  }
  if (Array.isArray(s.required))
    for (const name of s.required) if (typeof name === 'string' && !node.required.includes(name)) node.required.push(name);
  if (s.additionalProperties === false) node.additionalForbidden = true;
  else if (typeof s.additionalProperties === 'object' && s.additionalProperties !== null)
    node.additionalProperties.push({ schema: s.additionalProperties, pointer: childPointer(pointer, 'additionalProperties') });
  const patterns = s.patternProperties;
  if (typeof patterns === 'object' && patterns !== null)
    for (const [pattern, schema] of Object.entries(patterns))
      node.patternProperties.push({ pattern, part: { schema, pointer: childPointer(pointer, 'patternProperties', pattern) } });
  // Draft-07 `dependencies` with an array value is what 2019-09 renamed `dependentRequired`.
  for (const keyword of ['dependentRequired', 'dependencies']) {
    const map = s[keyword];
    if (typeof map !== 'object' || map === null) continue;
    for (const [name, needs] of Object.entries(map))
      if (Array.isArray(needs))
        node.dependentRequired.set(name, [...(node.dependentRequired.get(name) ?? []), ...needs.filter((n) => typeof n === 'string')]);
  }
  node.minProperties = higher(node.minProperties, s.minProperties);
  node.maxProperties = lower(node.maxProperties, s.maxProperties);
}

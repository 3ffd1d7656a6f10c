/**
 * The choice of a value for one schema position, in the order the author's intent shows: a valid
 * `examples` entry, a valid `default`, `const`, an `enum` member; then an anyOf/oneOf option whose
 * value the whole position accepts; then a value of each declared (or inferred) type in turn.
 */

import { canonicalJson } from '../../shared/canonical-json.js';
import type { SubschemaValidators } from '../tool-schemas.js';
import { buildArray } from './arrays.js';
import { built, describeFailureBelow, failed, type Built, type Failure, type Path, type Synthesis } from './context.js';
import { fold, optionPart, type Choice, type JsonType, type Node } from './fold.js';
import { Budget, BUDGET_SPENT, MAX_VALUE_DEPTH } from './limits.js';
import { buildNumber } from './numbers.js';
import { buildObject } from './objects.js';
import { buildString } from './strings.js';
import { assertNever, isRecord } from '../../shared/guards.js';

const INFERENCE_ORDER = ['string', 'object', 'array', 'number'] as const;

export function startSynthesis(root: unknown, validators: SubschemaValidators | undefined): Synthesis {
  const dialect = isRecord(root) ? root.$schema : undefined;
  const compiled = new Set<string>();
  const synthesis: Synthesis = {
    root,
    budget: new Budget(),
    refHidesSiblings: typeof dialect === 'string' && /\/draft-0\d\/schema#?$/.test(dialect),
    satisfies(node, value) {
      if (!validators) return false;
      for (const { pointer } of node.parts) {
        if (!compiled.has(pointer)) {
          // A compile costs milliseconds; a hostile schema must not make one synthesis compile thousands.
          if (!synthesis.budget.attempt()) return false;
          compiled.add(pointer);
        }
        const validate = validators.at(pointer);
        if (!validate || !validate(value)) return false;
      }
      return true;
    },
    build: (node, path, depth, variant) => buildValue(synthesis, node, path, depth, variant),
  };
  return synthesis;
}

export function rootNode(synthesis: Synthesis): Node {
  return fold([{ schema: synthesis.root, pointer: '' }], synthesis);
}

function buildValue(synthesis: Synthesis, node: Node, path: Path, depth: number, variant: number): Built {
  if (depth > MAX_VALUE_DEPTH) return failed(path, `it nests deeper than the ${MAX_VALUE_DEPTH} levels mcpgate builds`);
  if (!synthesis.budget.visit()) return failed(path, BUDGET_SPENT);
  if (node.problem) return failed(path, node.problem);
  const authored = authoredValues(synthesis, node);
  if (node.hasConst || node.enum) {
    if (variant < authored.length) return built(authored[variant]!.value);
    return failed(
      path,
      authored.length > 0 ? `its ${node.hasConst ? 'const' : 'enum'} has no further value` : 'no enum value fits its other keywords',
    );
  }
  if (variant < authored.length) return built(authored[variant]!.value);
  const rest = variant - authored.length;
  const [choice] = node.choices;
  if (choice) return chooseOption(synthesis, node, choice, path, depth, rest);
  let first: Built | undefined;
  for (const type of typeOrder(node, path.length === 0)) {
    const value = ofType(synthesis, node, type, path, depth, rest);
    if (value.ok) return value;
    first ??= value;
  }
  return first!;
}

/**
 * What the schema's author wrote down: examples and defaults that the position accepts (they are
 * annotations and may be wrong), and the const or the enum members of a type the position allows.
 */
function authoredValues(synthesis: Synthesis, node: Node): Array<{ value: unknown }> {
  const out: Array<{ value: unknown }> = [];
  const seen = new Set<string>();
  const add = (value: unknown): void => {
    const key = canonicalJson(value) ?? 'undefined';
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ value });
  };
  for (const value of [...node.examples, ...node.defaults]) if (synthesis.satisfies(node, value)) add(value);
  const listed = node.hasConst ? [node.const] : (node.enum ?? []);
  // With anyOf/oneOf beside them, the members' types say too little; the position itself decides.
  const check = node.choices.length > 0 ? (v: unknown) => synthesis.satisfies(node, v) : (v: unknown) => typeAllows(node.types, v);
  for (const value of listed) if (check(value)) add(value);
  return out;
}

function typeAllows(types: readonly JsonType[] | undefined, value: unknown): boolean {
  if (types === undefined) return true;
  if (value === null) return types.includes('null');
  if (Array.isArray(value)) return types.includes('array');
  if (typeof value === 'number') return types.includes('number') || (types.includes('integer') && Number.isInteger(value));
  return types.includes(typeof value as JsonType);
}

/** Declared types with null last; without a declaration, the types the keywords imply (the arguments themselves are an object). */
function typeOrder(node: Node, atRoot: boolean): JsonType[] {
  const order: JsonType[] = node.types
    ? [...node.types.filter((t) => t !== 'null'), ...node.types.filter((t) => t === 'null')]
    : INFERENCE_ORDER.filter((hint) => node.hints.has(hint));
  if (order.length === 0) order.push(atRoot ? 'object' : 'string');
  if (atRoot && order.includes('object')) return ['object', ...order.filter((t) => t !== 'object')];
  return order;
}

function ofType(synthesis: Synthesis, node: Node, type: JsonType, path: Path, depth: number, variant: number): Built {
  switch (type) {
    case 'string':
      return buildString(synthesis, node, path, variant);
    case 'number':
    case 'integer':
      return buildNumber(node, path, type === 'integer', variant);
    case 'boolean':
      return variant < 2 ? built(variant === 1) : failed(path, 'a boolean has no third value');
    case 'null':
      return variant === 0 ? built(null) : failed(path, 'null has no other value');
    case 'object':
      return buildObject(synthesis, node, path, depth, variant);
    case 'array':
      return buildArray(synthesis, node, path, depth, variant);
    default:
      return assertNever(type, 'JSON type');
  }
}

/** The options in order, each folded into the position; the first whose value the whole position accepts wins. */
function chooseOption(synthesis: Synthesis, node: Node, choice: Choice, path: Path, depth: number, variant: number): Built {
  const skip = new Set(node.skipped).add(choice.key);
  let first: { index: number; failure: Failure } | undefined;
  for (let index = 0; index < choice.schemas.length; index++) {
    if (!synthesis.budget.attempt()) return failed(path, BUDGET_SPENT);
    const option = fold([...node.parts, optionPart(choice, index)], synthesis, skip);
    const value = synthesis.build(option, path, depth, variant);
    if (value.ok && synthesis.satisfies(node, value.value)) return value;
    first ??= {
      index,
      failure: value.ok
        ? failed(path, choice.kind === 'oneOf' ? 'its value matches more than one option' : 'its value fails the schema')
        : value,
    };
  }
  if (!first) return failed(path, `its ${choice.kind} has no options`);
  return failed(
    path,
    `no option of ${choice.kind} can be satisfied (option ${first.index + 1}: ${describeFailureBelow(first.failure, path)})`,
  );
}

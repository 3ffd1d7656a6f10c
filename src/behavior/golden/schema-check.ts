/** Validates a golden file against GOLDEN_SET_SCHEMA and turns Ajv's errors into positioned, fixable problems. */

import Ajv2020Module from 'ajv/dist/2020.js';
import type { ErrorObject } from 'ajv';
import { caseIndexOf, fieldName, isRecord, pathInCase, report, type LoadContext } from './context.js';
import { CASE_KEYS, DEFAULTS_KEYS, MATCHER_KEYS, TOP_LEVEL_KEYS } from './keys.js';
import { pointerSegments, type PathSegment } from '../../shared/yaml/locate.js';
import { GOLDEN_SET_SCHEMA } from './schema.js';
import { didYouMean, hasMisspelling } from '../../shared/yaml/suggest.js';

// ajv ships CommonJS with a default export; under NodeNext the class sits on `.default`.
type AjvClass = typeof import('ajv').default;
const Ajv2020 = (Ajv2020Module as unknown as { default: AjvClass }).default;

const validate = new Ajv2020({ allErrors: true, strict: false }).compile(GOLDEN_SET_SCHEMA);

export function checkSchema(ctx: LoadContext): void {
  if (validate(ctx.data)) return;
  const seen = new Set<string>();
  for (const error of validate.errors ?? []) {
    // `if` only reports that a `then`/`else` branch failed; the branch's own errors say why.
    if (error.keyword === 'if') continue;
    const key = `${error.instancePath}|${error.keyword}|${JSON.stringify(error.params)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    explain(ctx, error);
  }
}

function explain(ctx: LoadContext, error: ErrorObject): void {
  const path: PathSegment[] = pointerSegments(error.instancePath);
  const field = fieldName(ctx.data, path);
  const subject = field === '' ? (path.length === 0 ? 'the golden set' : 'the case') : `"${field}"`;
  const actual = valueAt(ctx.data, path);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties': {
      const name = String(params.additionalProperty);
      const allowed = allowedKeys(ctx.data, path);
      report(ctx, [...path, name], `unknown key "${name}"`, didYouMean(name, allowed), 'key');
      return;
    }
    case 'required': {
      const name = String(params.missingProperty);
      const holder = valueAt(ctx.data, path);
      if (isRecord(holder) && hasMisspelling(holder, name, allowedKeys(ctx.data, path))) return;
      report(ctx, path, ...missingKey(ctx.data, path, name));
      return;
    }
    case 'type':
      if (path.length === 0) {
        report(
          ctx,
          path,
          `the golden set is ${describe(actual)}`,
          'write a list of cases, or a mapping with "cases:" and optional "defaults:"',
        );
        return;
      }
      report(ctx, path, `${subject} must be ${article(String(params.type))}, got ${describe(actual)}`);
      return;
    case 'enum': {
      const allowed = (params.allowedValues as unknown[]).map(String);
      const hint = typeof actual === 'string' ? didYouMean(actual, allowed) : `expected one of: ${allowed.join(', ')}`;
      report(ctx, path, `${subject} is ${describe(actual)}`, hint);
      return;
    }
    case 'minimum':
      report(ctx, path, `${subject} must be at least ${String(params.limit)}, got ${describe(actual)}`);
      return;
    case 'minItems':
      report(ctx, path, `${subject} is an empty list`, 'list at least one item, or remove the key');
      return;
    case 'minLength':
      report(ctx, path, `${subject} is an empty string`, 'write a value, or remove the key');
      return;
    default:
      report(ctx, path, `${subject} ${error.message ?? 'is not valid'}`);
  }
}

/** Which keys are allowed in the mapping at `path`, judged by where it sits. */
function allowedKeys(data: unknown, path: readonly PathSegment[]): readonly string[] {
  if (path.length === 0) return TOP_LEVEL_KEYS;
  if (path.length === 1 && path[0] === 'defaults') return DEFAULTS_KEYS;
  const inCase = pathInCase(data, path);
  return inCase[0] === 'expect_args' && inCase.length === 2 ? MATCHER_KEYS : CASE_KEYS;
}

function missingKey(data: unknown, path: readonly PathSegment[], name: string): [string, string] {
  if (path.length === 0) return ['the mapping has no "cases:" key', 'put the list of cases under "cases:"'];
  if (name === 'id') return [`case ${Number(caseIndexOf(data, path)) + 1} has no id`, 'add "id:" with a name unique in the file'];
  return [`missing "${name}"`, `add "${name}:"`];
}

function valueAt(data: unknown, path: readonly PathSegment[]): unknown {
  let current = data;
  for (const segment of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[String(segment)];
  }
  return current;
}

/** A value as a message shows it: its type and, for scalars, the value itself. */
function describe(value: unknown): string {
  if (value === null || value === undefined) return 'empty (null)';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  if (typeof value === 'string') return `the string ${JSON.stringify(value)}`;
  return `the ${typeof value} ${String(value)}`;
}

function article(type: string): string {
  const names: Record<string, string> = {
    'string,null': 'a tool name (a string) or null',
    array: 'a list',
    object: 'a mapping',
    integer: 'an integer',
    number: 'a number',
    string: 'a string',
  };
  return names[type] ?? type;
}

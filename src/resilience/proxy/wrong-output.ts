/**
 * The wrong-output fault: the real result, with its values replaced by canaries that are still
 * valid against the tool's outputSchema. Numbers become one implausible canary number and free
 * strings one canary token; a value the schema pins down (enum, const, pattern, format, bounds the
 * canary breaks, or a composite keyword the walk cannot reason about) keeps its real value, so the
 * result stays schema-valid and only the canaries can carry the lie into an answer.
 */

import { isRecord } from '../../shared/guards.js';
import { childSchema, resolveSchema, rewriteResult } from './result-shape.js';

export interface OutputCanaries {
  /** An integer, so it is valid for `integer` and `number` alike. */
  number: number;
  token: string;
}

const COMPOSITES = ['anyOf', 'oneOf', 'allOf', 'not', 'if', 'const', 'enum'];

function constrained(schema: Record<string, unknown>): boolean {
  return COMPOSITES.some((keyword) => keyword in schema);
}

function typeAllows(schema: Record<string, unknown>, ...types: string[]): boolean {
  const declared = schema.type;
  if (declared === undefined) return true;
  const list = Array.isArray(declared) ? declared : [declared];
  return types.some((t) => list.includes(t));
}

function numberFits(n: number, schema: Record<string, unknown> | undefined): boolean {
  if (!schema) return true;
  if (constrained(schema) || !typeAllows(schema, 'number', 'integer')) return false;
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf } = schema;
  if (typeof minimum === 'number' && n < minimum) return false;
  if (typeof maximum === 'number' && n > maximum) return false;
  if (typeof exclusiveMinimum === 'number' && n <= exclusiveMinimum) return false;
  if (typeof exclusiveMaximum === 'number' && n >= exclusiveMaximum) return false;
  return typeof multipleOf !== 'number' || Number.isInteger(n / multipleOf);
}

function stringFits(token: string, schema: Record<string, unknown> | undefined): boolean {
  if (!schema) return true;
  if (constrained(schema) || 'pattern' in schema || 'format' in schema || !typeAllows(schema, 'string')) return false;
  if (typeof schema.maxLength === 'number' && token.length > schema.maxLength) return false;
  return typeof schema.minLength !== 'number' || token.length >= schema.minLength;
}

interface Walk {
  root: unknown;
  canaries: OutputCanaries;
  used: Set<string>;
}

function replaceValues(value: unknown, rawSchema: unknown, walk: Walk): unknown {
  const schema = resolveSchema(rawSchema, walk.root);
  if (typeof value === 'number') {
    if (!numberFits(walk.canaries.number, schema)) return value;
    walk.used.add(String(walk.canaries.number));
    return walk.canaries.number;
  }
  if (typeof value === 'string') {
    if (!stringFits(walk.canaries.token, schema)) return value;
    walk.used.add(walk.canaries.token);
    return walk.canaries.token;
  }
  if (schema && constrained(schema)) return value;
  if (Array.isArray(value)) return value.map((item, i) => replaceValues(item, childSchema(schema, i), walk));
  if (isRecord(value))
    return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, replaceValues(v, childSchema(schema, key), walk)]));
  return value;
}

/** The rewritten result and the canaries it now carries (empty when nothing could be replaced). */
export function applyWrongOutput(
  result: Record<string, unknown>,
  outputSchema: unknown,
  canaries: OutputCanaries,
): { result: Record<string, unknown>; canaries: string[] } {
  const walk: Walk = { root: outputSchema, canaries, used: new Set() };
  const rewritten = rewriteResult(result, {
    structured: (value) => replaceValues(value, outputSchema, walk),
    // Free text has no schema: every number in it is replaced, words are left alone.
    text: (text) =>
      text.replace(/-?\d+(?:\.\d+)?/g, () => {
        walk.used.add(String(canaries.number));
        return String(canaries.number);
      }),
  });
  return { result: rewritten, canaries: [...walk.used] };
}

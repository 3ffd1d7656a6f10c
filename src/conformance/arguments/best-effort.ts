/**
 * The arguments the resilience probes send when synthesis finds none the schema accepts: a plausible
 * object in the schema's shape, kept short whatever the schema demands. The probes test how a server
 * copes with a call, so a call with imperfect arguments still tells them something.
 */

import { MAX_SAMPLE_ITEMS, MAX_SAMPLE_STRING_CHARS, MAX_VALUE_DEPTH } from './limits.js';
import { resolveLocalRef } from './pointer.js';
import { isRecord } from '../../shared/guards.js';

type Schema = Record<string, unknown>;

const FORMAT_SAMPLES: Record<string, string> = {
  email: 'user@example.com',
  uri: 'https://example.com/',
  'uri-reference': 'https://example.com/',
  url: 'https://example.com/',
  date: '2026-01-15',
  'date-time': '2026-01-15T10:00:00Z',
  time: '10:00:00Z',
  uuid: '00000000-0000-4000-8000-000000000000',
  ipv4: '127.0.0.1',
  hostname: 'example.com',
};

function firstType(schema: Schema): string | undefined {
  if (typeof schema.type === 'string') return schema.type;
  if (Array.isArray(schema.type)) return schema.type.find((t) => t !== 'null') as string | undefined;
  if (schema.properties) return 'object';
  return undefined;
}

function sampleValue(schema: unknown, root: Schema, depth = 0): unknown {
  if (typeof schema !== 'object' || schema === null || depth > MAX_VALUE_DEPTH) return undefined;
  const s = schema as Schema;
  if (typeof s.$ref === 'string') {
    const target = resolveLocalRef(root, s.$ref);
    return target.ok ? sampleValue(target.schema, root, depth + 1) : undefined;
  }
  if ('const' in s) return s.const;
  if (Array.isArray(s.examples) && s.examples.length > 0) return s.examples[0];
  if ('default' in s) return s.default;
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0];
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = s[key];
    if (Array.isArray(options) && options.length > 0) return sampleValue(options[0], root, depth + 1);
  }
  if (Array.isArray(s.allOf)) {
    // A loop, not a spread: spreading a server's allOf of 200,000 entries overflows the call stack.
    const merged: Schema = {};
    for (const part of s.allOf) if (typeof part === 'object') Object.assign(merged, part);
    Object.assign(merged, s);
    delete merged.allOf;
    return sampleValue(merged, root, depth + 1);
  }
  switch (firstType(s)) {
    case 'object':
      return sampleObject(s, root, depth);
    case 'array': {
      const min = typeof s.minItems === 'number' ? Math.min(s.minItems, MAX_SAMPLE_ITEMS) : 0;
      const item = sampleValue(s.items, root, depth + 1);
      return item === undefined ? [] : Array.from({ length: min }, () => item);
    }
    case 'string':
      return sampleString(s);
    case 'integer':
      return sampleNumber(s, true);
    case 'number':
      return sampleNumber(s, false);
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return undefined;
  }
}

function sampleObject(s: Schema, root: Schema, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const properties = (s.properties ?? {}) as Record<string, unknown>;
  const required = Array.isArray(s.required) ? (s.required as string[]) : [];
  for (const name of required) {
    const value = sampleValue(properties[name] ?? {}, root, depth + 1);
    out[name] = value === undefined ? 'example' : value;
  }
  return out;
}

function sampleString(s: Schema): string {
  const format = typeof s.format === 'string' ? FORMAT_SAMPLES[s.format] : undefined;
  if (format) return format;
  const min = typeof s.minLength === 'number' ? Math.min(s.minLength, MAX_SAMPLE_STRING_CHARS) : 1;
  return 'example'.padEnd(min, 'x');
}

function sampleNumber(s: Schema, integer: boolean): number {
  const min = typeof s.minimum === 'number' ? s.minimum : typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + 1 : 1;
  const max =
    typeof s.maximum === 'number' ? s.maximum : typeof s.exclusiveMaximum === 'number' ? s.exclusiveMaximum - 1 : Number.POSITIVE_INFINITY;
  const value = Math.min(Math.max(min, 1), max);
  return integer ? Math.ceil(value) : value;
}

export function bestEffortArguments(inputSchema: unknown): Record<string, unknown> {
  if (typeof inputSchema !== 'object' || inputSchema === null) return {};
  const value = sampleValue(inputSchema, inputSchema as Schema);
  return isRecord(value) ? value : {};
}

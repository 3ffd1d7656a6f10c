/**
 * Reading a file against the contract, with the first problem in one line: `path must be X, got Y`.
 * zod's own error lists every issue over many lines; a person fixing a file needs the first one and
 * where it is, and a CI log needs one line.
 */

import { z } from 'zod';
import { cutToFit } from '../shared/cut.js';

export type Parsed<T> = { ok: true; value: T } | { ok: false; problem: string };

const MAX_PROBLEM_CHARS = 200;

export function parseAgainst<S extends z.ZodType>(schema: S, data: unknown): Parsed<z.output<S>> {
  // Every issue's message becomes the words after "must be"; schemas may set their own (contract/values.ts).
  const result = schema.safeParse(data, { error: wantedWords });
  if (result.success) return { ok: true, value: result.data };
  const [first] = result.error.issues;
  const problem = first ? problemOf(first, [], data) : 'it does not match the contract';
  return { ok: false, problem: cutToFit(problem, MAX_PROBLEM_CHARS) };
}

/** A value as a parse error shows it: its kind for containers, a short JSON excerpt otherwise. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'an array';
  if (value !== null && typeof value === 'object') return 'an object';
  return cutToFit(JSON.stringify(value), 40);
}

function problemOf(issue: z.core.$ZodIssue, base: PropertyKey[], data: unknown): string {
  const path = [...base, ...issue.path];
  // A union names what its closest option wanted: the one whose first issue got furthest into the value.
  if (issue.code === 'invalid_union' && issue.errors.length > 0) {
    const firsts = issue.errors.flatMap((option) => option.slice(0, 1));
    const furthest = firsts.reduce((best, next) => (next.path.length > best.path.length ? next : best));
    if (furthest.path.length > 0) return problemOf(furthest, path, data);
    return `${where(path)} must be ${[...new Set(firsts.map((f) => f.message))].join(' or ')}, got ${describeValue(valueAt(data, path))}`;
  }
  return `${where(path)} must be ${issue.message}, got ${describeValue(valueAt(data, path))}`;
}

function wantedWords(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return TYPE_WORDS[issue.expected] ?? `a ${issue.expected}`;
    case 'invalid_value':
      return `one of ${issue.values.map(String).join(', ')}`;
    case 'invalid_union':
      return Array.isArray(issue.options) ? `one of ${issue.options.map(String).join(', ')}` : 'one of the accepted forms';
    case 'too_small':
      return bound(issue.origin, issue.inclusive ? 'at least' : 'more than', issue.minimum);
    case 'too_big':
      return bound(issue.origin, issue.inclusive ? 'at most' : 'less than', issue.maximum);
    case 'invalid_format':
      return issue.format === 'datetime'
        ? 'an ISO 8601 date-time'
        : issue.pattern
          ? `text matching ${issue.pattern}`
          : `a valid ${issue.format}`;
    case 'unrecognized_keys':
      return `an object without ${issue.keys.map((key) => JSON.stringify(key)).join(', ')}`;
    case 'not_multiple_of':
      return `a multiple of ${issue.divisor}`;
    default:
      return 'valid';
  }
}

const TYPE_WORDS: Partial<Record<string, string>> = {
  string: 'a string',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  record: 'an object',
  array: 'an array',
  null: 'null',
};

function bound(origin: string, relation: string, limit: number | bigint): string {
  const unit = origin === 'string' ? ' characters' : origin === 'array' ? ' items' : '';
  return `${relation} ${limit}${unit}`;
}

function where(path: PropertyKey[]): string {
  if (path.length === 0) return 'the top level';
  return path
    .map((key, i) => {
      if (typeof key === 'number') return `[${key}]`;
      const name = String(key);
      if (!/^[A-Za-z_$][\w$-]*$/.test(name)) return `[${JSON.stringify(name)}]`;
      return i === 0 ? name : `.${name}`;
    })
    .join('');
}

function valueAt(data: unknown, path: PropertyKey[]): unknown {
  let value = data;
  for (const key of path) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return undefined;
    value = Reflect.get(value, key);
  }
  return value;
}

import { describe, expect, it } from 'vitest';
import { validArguments } from '../../../src/conformance/checks/tool-calls.js';
import {
  alternativeArguments,
  invalidArguments,
  MAX_SAMPLE_STRING_CHARS,
  sampleArguments,
  synthesizeArguments,
} from '../../../src/conformance/sample-arguments.js';
import { compileToolSchema, subschemaValidators } from '../../../src/conformance/tool-schemas.js';

/**
 * A table in the manner of ESLint's RuleTester: every valid schema must get arguments that the schema
 * accepts (checked with the same compile the checks use), and every unsatisfiable one a refusal whose
 * reason names the place and the cause.
 */

type Args = Record<string, unknown>;

const object = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  type: 'object',
  properties,
  required: Object.keys(properties),
  ...extra,
});

function accepts(schema: unknown, value: unknown): boolean {
  const compiled = compileToolSchema(schema);
  if (!compiled.ok) throw new Error(compiled.message);
  return compiled.validate(value);
}

/** A value of the format, as the project's validator sees it (`type: string` as well, so a non-string fails). */
const ofFormat = (format: string) => (value: unknown) => expect(accepts({ type: 'string', format }, value)).toBe(true);

interface ValidCase {
  name: string;
  schema: unknown;
  /** What the arguments must show beyond validating, where the table promises a particular choice. */
  check?: (args: Args) => void;
}

const valid: ValidCase[] = [
  { name: 'format uri with type', schema: object({ link: { type: 'string', format: 'uri' } }), check: (a) => ofFormat('uri')(a.link) },
  // The old placeholder was "example", which a server echoed into a resource_link uri.
  { name: 'format uri without type', schema: object({ link: { format: 'uri' } }), check: (a) => ofFormat('uri')(a.link) },
  { name: 'format email', schema: object({ to: { type: 'string', format: 'email' } }), check: (a) => ofFormat('email')(a.to) },
  {
    name: 'format email grown to minLength',
    schema: object({ to: { type: 'string', format: 'email', minLength: 40 } }),
    check: (a) => expect((a.to as string).length).toBeGreaterThanOrEqual(40),
  },
  { name: 'format date-time', schema: object({ at: { type: 'string', format: 'date-time' } }), check: (a) => ofFormat('date-time')(a.at) },
  { name: 'format uuid', schema: object({ id: { format: 'uuid' } }), check: (a) => ofFormat('uuid')(a.id) },
  { name: 'format ipv4', schema: object({ ip: { type: 'string', format: 'ipv4' } }), check: (a) => ofFormat('ipv4')(a.ip) },
  { name: 'format hostname', schema: object({ host: { format: 'hostname' } }), check: (a) => ofFormat('hostname')(a.host) },
  {
    name: 'format hostname grown to 200 characters in labels of at most 63',
    schema: object({ host: { type: 'string', format: 'hostname', minLength: 200 } }),
    check: (a) => expect((a.host as string).length).toBeGreaterThanOrEqual(200),
  },
  {
    name: 'formats ipv6, date, duration, json-pointer, uri-template, time',
    schema: object({
      v6: { format: 'ipv6' },
      day: { format: 'date' },
      span: { format: 'duration' },
      pointer: { format: 'json-pointer' },
      template: { format: 'uri-template' },
      time: { format: 'time' },
    }),
  },
  { name: 'an unknown format is an annotation', schema: object({ x: { type: 'string', format: 'x-colour' } }) },
  {
    name: 'pattern ^[A-Z]{3}-\\d{4}$',
    schema: object({ code: { type: 'string', pattern: '^[A-Z]{3}-\\d{4}$' } }),
    check: (a) => expect(a.code).toMatch(/^[A-Z]{3}-\d{4}$/),
  },
  {
    name: 'pattern ^(foo|bar)_[0-9]+$ without type',
    schema: object({ tag: { pattern: '^(foo|bar)_[0-9]+$' } }),
    check: (a) => expect(a.tag).toMatch(/^(foo|bar)_[0-9]+$/),
  },
  {
    name: 'classes: negated, escapes, ranges outside ASCII, dot, named and non-capturing groups, lazy quantifiers',
    schema: object({ c: { pattern: '^[^a-z\\s][\\w.\\-]{2,4}?[\\u00e9-\\u00ea](?<tail>\\.|x)(?:.){3,}$' } }),
    check: (a) => expect(a.c).toMatch(/^[^a-z\s][\w.-]{2,4}?[\u00e9-\u00ea](?<tail>\.|x)(?:.){3,}$/u),
  },
  {
    name: 'pattern with minLength and maxLength',
    schema: object({ s: { type: 'string', pattern: '^[a-z]+$', minLength: 12, maxLength: 14 } }),
    check: (a) => expect(a.s).toMatch(/^[a-z]{12,14}$/),
  },
  {
    name: 'an unanchored pattern padded to minLength',
    schema: object({ s: { pattern: 'abc', minLength: 10 } }),
    check: (a) => expect((a.s as string).includes('abc') && (a.s as string).length >= 10).toBe(true),
  },
  {
    name: 'enum takes its first member',
    schema: object({ colour: { enum: ['red', 'green'] } }),
    check: (a) => expect(a.colour).toBe('red'),
  },
  { name: 'const', schema: object({ version: { const: 42 } }), check: (a) => expect(a.version).toBe(42) },
  {
    name: 'examples that violate their own schema are skipped',
    schema: object({ word: { type: 'string', minLength: 3, examples: ['no', 7, 'yes!'] } }),
    check: (a) => expect(a.word).toBe('yes!'),
  },
  { name: 'a valid default', schema: object({ n: { type: 'integer', default: 7 } }), check: (a) => expect(a.n).toBe(7) },
  {
    name: 'an invalid default is skipped',
    schema: object({ n: { type: 'integer', minimum: 10, default: 5 } }),
    check: (a) => expect(a.n).toBe(10),
  },
  {
    name: 'integer with exclusive bounds and multipleOf',
    schema: object({ n: { type: 'integer', exclusiveMinimum: 10, exclusiveMaximum: 20, multipleOf: 4 } }),
    check: (a) => expect(a.n).toBe(12),
  },
  {
    name: 'number with a fractional multipleOf above its minimum',
    schema: object({ x: { type: 'number', multipleOf: 0.5, minimum: 2.2 } }),
    check: (a) => expect(a.x).toBe(2.5),
  },
  {
    name: 'integer below zero',
    schema: object({ n: { type: 'integer', multipleOf: 7, maximum: -1 } }),
    check: (a) => expect(a.n).toBe(-7),
  },
  {
    name: 'minLength and maxLength',
    schema: object({ s: { type: 'string', minLength: 3, maxLength: 4 }, t: { type: 'string', maxLength: 2 } }),
    check: (a) => expect([(a.s as string).length, (a.t as string).length <= 2]).toEqual([3, true]),
  },
  {
    name: 'nested objects and an array with minItems and uniqueItems',
    schema: object({
      outer: object({ inner: object({ leaf: { type: 'string', format: 'date' } }) }),
      list: { type: 'array', minItems: 3, uniqueItems: true, items: object({ k: { enum: ['a', 'b', 'c'] } }) },
    }),
    check: (a) => expect(a.list).toEqual([{ k: 'a' }, { k: 'b' }, { k: 'c' }]),
  },
  {
    name: 'uniqueItems where an example and a generated word coincide',
    schema: object({ words: { type: 'array', minItems: 2, uniqueItems: true, items: { type: 'string', examples: ['example'] } } }),
    check: (a) => expect(a.words).toEqual(['example', 'sample']),
  },
  {
    name: 'a hundred distinct integers',
    schema: object({ ids: { type: 'array', minItems: 100, uniqueItems: true, items: { type: 'integer', minimum: 0 } } }),
    check: (a) => expect(new Set(a.ids as number[]).size).toBe(100),
  },
  {
    name: 'prefixItems with items: false, and contains with minContains',
    schema: object({
      pair: { type: 'array', prefixItems: [{ const: 1 }, { type: 'string', format: 'ipv6' }], items: false, minItems: 2 },
      some: { type: 'array', contains: { type: 'integer', minimum: 10 }, minContains: 2, items: { type: 'number' } },
    }),
  },
  {
    name: 'a draft-07 tuple, additionalItems false, and a $ref into definitions percent-encoded',
    schema: {
      $schema: 'http://json-schema.org/draft-07/schema#',
      ...object({
        t: { type: 'array', items: [{ type: 'string' }, { type: 'boolean' }], additionalItems: false, minItems: 2 },
        r: { $ref: '#/definitions/a%20b' },
      }),
      definitions: { 'a b': { type: 'integer', minimum: 2 } },
    },
  },
  {
    name: 'anyOf whose first option is unsatisfiable',
    schema: object({
      x: {
        anyOf: [
          { type: 'integer', minimum: 5, maximum: 2 },
          { type: 'string', format: 'date' },
        ],
      },
    }),
    check: (a) => ofFormat('date')(a.x),
  },
  {
    name: 'oneOf where a string would match two options',
    schema: object({ y: { oneOf: [{ type: 'string' }, { type: 'string', minLength: 1 }, { type: 'integer' }] } }),
    check: (a) => expect(typeof a.y).toBe('number'),
  },
  {
    name: 'anyOf at the root requiring one of two properties',
    schema: {
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'integer' } },
      anyOf: [{ required: ['b'] }, { required: ['a'] }],
    },
    check: (a) => expect(a).toEqual({ b: 1 }),
  },
  {
    name: '$ref into $defs, through ~1, to a $ref with a type array',
    schema: {
      ...object({ a: { $ref: '#/$defs/A~1b' } }),
      $defs: { 'A/b': object({ z: { $ref: '#/$defs/Z' } }), Z: { type: ['null', 'integer'], minimum: 3 } },
    },
    check: (a) => expect(a.a).toEqual({ z: 3 }),
  },
  {
    name: 'a schema with its own $id: examples checked in place through a $ref',
    schema: {
      $id: 'https://example.com/args',
      ...object({ x: { anyOf: [{ $ref: '#/$defs/Fraction' }, { type: 'boolean' }], examples: [7, 0.5] } }),
      $defs: { Fraction: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 } },
    },
    check: (a) => expect(a.x).toBe(0.5),
  },
  {
    name: 'a type array falls back to null when the other type cannot be built',
    schema: object({ s: { type: ['string', 'null'], minLength: 500_000_000 } }),
    check: (a) => expect(a.s).toBeNull(),
  },
  {
    name: 'minProperties adds optional properties, then extra ones',
    schema: { type: 'object', properties: { a: { type: 'string' }, b: { type: 'boolean' } }, required: ['a'], minProperties: 3 },
    check: (a) => expect(Object.keys(a)).toHaveLength(3),
  },
  {
    name: 'dependentRequired under additionalProperties: false',
    schema: {
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'integer' } },
      required: ['a'],
      dependentRequired: { a: ['b'] },
      additionalProperties: false,
    },
    check: (a) => expect(Object.keys(a).sort()).toEqual(['a', 'b']),
  },
  {
    name: 'allOf constraints on one property are merged',
    schema: {
      type: 'object',
      allOf: [object({ a: { type: 'string', minLength: 2 } }), { properties: { a: { maxLength: 3, pattern: '^z' } } }],
    },
    check: (a) => expect(a.a).toMatch(/^z.{1,2}$/),
  },
  { name: 'the true schema', schema: true, check: (a) => expect(a).toEqual({}) },
  {
    name: 'an object without required properties',
    schema: { type: 'object', properties: { a: { type: 'string' } } },
    check: (a) => expect(a).toEqual({}),
  },
];

const unsatisfiable: Array<{ name: string; schema: unknown; reason: RegExp }> = [
  {
    name: 'a backreference',
    schema: object({ code: { type: 'string', pattern: '^(a)\\1$' } }),
    reason: /^property "code": no value matching pattern "\^\(a\)\\\\1\$" can be generated \(backreference\)$/,
  },
  { name: 'a lookahead', schema: object({ v: { pattern: '(?=a)b' } }), reason: /property "v": .*\(lookahead\)/ },
  { name: 'a word boundary', schema: object({ v: { pattern: '\\bfoo' } }), reason: /word boundary/ },
  {
    name: 'minimum above maximum',
    schema: object({ n: { type: 'integer', minimum: 5, maximum: 2 } }),
    reason: /^property "n": minimum 5 is above maximum 2$/,
  },
  {
    name: 'exclusive bounds that meet',
    schema: object({ n: { type: 'number', exclusiveMinimum: 2, maximum: 2 } }),
    reason: /exclusiveMinimum 2 and maximum 2 leave no value/,
  },
  {
    name: 'no integer in range',
    schema: object({ n: { type: 'integer', minimum: 1.2, maximum: 1.8 } }),
    reason: /no integer lies within minimum 1.2 and maximum 1.8/,
  },
  {
    name: 'minLength above maxLength',
    schema: object({ s: { type: 'string', minLength: 5, maxLength: 2 } }),
    reason: /property "s": minLength 5 is above maxLength 2/,
  },
  {
    name: 'a fixed-length format with a minLength',
    schema: object({ d: { format: 'date', minLength: 20 } }),
    reason: /no "date" value is at least 20 characters long/,
  },
  {
    name: 'a format no string of the pattern has',
    schema: object({ ip: { format: 'ipv4', pattern: '^\\d+$' } }),
    reason: /format "ipv4" matching pattern/,
  },
  {
    name: 'a pattern whose shortest match exceeds maxLength',
    schema: object({ s: { pattern: '^a{5}$', maxLength: 3 } }),
    reason: /its shortest match has 5 characters, above maxLength 3/,
  },
  {
    name: 'uniqueItems over booleans',
    schema: object({ flags: { type: 'array', items: { type: 'boolean' }, minItems: 3, uniqueItems: true } }),
    reason: /property "flags": uniqueItems needs 3 distinct items, and mcpgate found 2/,
  },
  {
    name: 'types that exclude each other',
    schema: object({ v: { type: 'string', allOf: [{ type: 'integer' }] } }),
    reason: /property "v": type .* have no value in common/,
  },
  {
    name: 'enums that exclude each other',
    schema: object({ v: { enum: ['a'], allOf: [{ enum: ['b'] }] } }),
    reason: /no value is in every enum/,
  },
  {
    name: 'anyOf without a satisfiable option',
    schema: object({
      x: {
        anyOf: [
          { type: 'integer', minimum: 5, maximum: 2 },
          { const: 1, type: 'string' },
        ],
      },
    }),
    reason: /^property "x": no option of anyOf can be satisfied \(option 1: minimum 5 is above maximum 2\)$/,
  },
  {
    name: 'a required property additionalProperties: false forbids',
    schema: { type: 'object', properties: {}, required: ['ghost'], additionalProperties: false },
    reason: /property "ghost": it is required, but additionalProperties is false/,
  },
  {
    name: 'a keyword synthesis does not model, caught by the final validation',
    schema: object({ x: { type: 'string', not: { const: 'example' } } }),
    reason: /^the arguments mcpgate built fail the schema: \/x must NOT be valid$/,
  },
  { name: 'a dangling $ref', schema: object({ r: { $ref: '#/$defs/Nope' } }), reason: /does not resolve/ },
  {
    name: 'a schema that does not compile',
    schema: object({ a: { type: 'strnig' } }),
    reason: /the input schema cannot be used: not a valid schema/,
  },
  { name: 'a root that is no object', schema: { type: 'string' }, reason: /describes no object/ },
  { name: 'the false schema', schema: false, reason: /false/ },
  { name: 'a self-reference deeper than the value bound', schema: object({ r: { $ref: '#' } }), reason: /nests deeper than the 8 levels/ },
];

const hostile: Array<{ name: string; schema: unknown; reason: RegExp }> = [
  {
    name: 'minLength 500000000',
    schema: object({ text: { type: 'string', minLength: 500_000_000 } }),
    reason: /minLength 500000000 is above the 10000 characters/,
  },
  {
    name: 'minItems 1e9',
    schema: object({ list: { type: 'array', minItems: 1e9 } }),
    reason: /minItems 1000000000 is above the 100 items/,
  },
  {
    name: 'minProperties 1e6',
    schema: object({ o: { type: 'object', minProperties: 1e6 } }),
    reason: /minProperties 1000000 is above the 100 properties/,
  },
  {
    name: 'a pattern of 100,000 characters',
    schema: object({ p: { pattern: 'a'.repeat(100_000) } }),
    reason: /longer than the 1000 characters/,
  },
  {
    name: 'a repeat count the linear engine refuses',
    schema: object({ p: { pattern: '^(){100000000}a$' } }),
    reason: /linear-time engine cannot run it/,
  },
  {
    name: 'a shortest match beyond the string bound',
    schema: object({ p: { pattern: `^${'x{1000}'.repeat(11)}$` } }),
    reason: /its shortest match has 11000 characters, above the 10000 mcpgate generates/,
  },
  {
    name: 'an allOf of 200,000 entries',
    schema: { type: 'object', allOf: Array.from({ length: 200_000 }, () => ({})) },
    reason: /exceeds mcpgate's bounds/,
  },
  { name: 'required objects nested 12 deep', schema: nested(12), reason: /^property "(a\.){8}a": it nests deeper than the 8 levels/ },
  { name: 'objects nested 10,000 deep', schema: nested(10_000), reason: /the input schema cannot be used/ },
];

function nested(depth: number): unknown {
  let schema: unknown = { type: 'string' };
  for (let i = 0; i < depth; i++) schema = object({ a: schema });
  return schema;
}

describe('synthesizeArguments: valid schemas get arguments the schema accepts', () => {
  it.each(valid)('$name', ({ schema, check }) => {
    const result = synthesizeArguments(schema);
    if (!result.ok) throw new Error(result.reason);
    expect(accepts(schema, result.args)).toBe(true);
    check?.(result.args);
  });
});

describe('synthesizeArguments: unsatisfiable schemas are refused with the place and the cause', () => {
  it.each(unsatisfiable)('$name', ({ schema, reason }) => {
    const result = synthesizeArguments(schema);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(reason);
  });
});

describe('synthesizeArguments: hostile bounds end with a refusal, never a hang or a blown stack', () => {
  it.each(hostile)('$name', ({ schema, reason }) => {
    const result = synthesizeArguments(schema);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(reason);
  });

  it('dependentRequired is followed through a chain of 200 properties', () => {
    const names = Array.from({ length: 200 }, (_, i) => `p${i}`);
    const schema = {
      type: 'object',
      properties: Object.fromEntries(names.map((n) => [n, { type: 'integer' }])),
      required: ['p0'],
      dependentRequired: Object.fromEntries(names.slice(0, -1).map((n, i) => [n, [names[i + 1]]])),
    };
    const result = synthesizeArguments(schema);
    expect(result.ok && Object.keys(result.args).length).toBe(200);
  });
});

describe('the arguments are the caller’s own', () => {
  const schema = { type: 'object', examples: [{ q: 'hello' }], properties: { q: { type: 'string' } }, required: ['q'] };

  it('prefers an example of the whole arguments, and a change to the result leaves the schema and the next result alone', () => {
    const first = synthesizeArguments(schema);
    if (!first.ok) throw new Error(first.reason);
    expect(first.args).toEqual({ q: 'hello' });
    first.args.q = 'changed';
    expect(schema.examples[0]).toEqual({ q: 'hello' });
    expect(synthesizeArguments(schema)).toEqual({ ok: true, args: { q: 'hello' } });
  });

  it('validArguments wraps synthesis: valid arguments, a fresh object each time, undefined when there are none', () => {
    const tool = { name: 't', inputSchema: object({ link: { format: 'uri' } }) };
    const args = validArguments(tool)!;
    ofFormat('uri')(args.link);
    delete args.link;
    expect(validArguments(tool)).toHaveProperty('link');
    expect(validArguments({ name: 'b', inputSchema: object({ code: { pattern: '^(a)\\1$' } }) })).toBeUndefined();
    expect(validArguments({ name: 'none' })).toEqual({});
  });

  it('sampleArguments gives the synthesized arguments, else a short best effort', () => {
    ofFormat('uri')(sampleArguments(object({ link: { format: 'uri' } })).link);
    const text = sampleArguments(object({ text: { type: 'string', minLength: 500_000_000 } })).text as string;
    expect(text.length).toBe(MAX_SAMPLE_STRING_CHARS);
  });
});

describe('subschema validators, shared by the tools that have one input schema', () => {
  const topic = () => object({ topic: { type: 'string', minLength: 1, examples: ['quarterly report'] } });
  const typed = (t: string) => ({ ...object({ x: { $ref: '#/$defs/t' } }), $defs: { t: { type: t } } });

  it('two tools with equal schemas get one compiled validator, and it still judges after either is released', () => {
    const first = subschemaValidators(topic())!;
    const validate = first.at('/properties/topic')!;
    first.release();
    const second = subschemaValidators(topic())!;
    expect(second.at('/properties/topic')).toBe(validate);
    second.release();
    expect(validate('a')).toBe(true);
    expect(validate('')).toBe(false);
    expect(validate(1)).toBe(false);
  });

  it('an equal subschema whose $ref resolves elsewhere in another schema gets its own validator', () => {
    // One schema is registered at a time, as one synthesis runs at a time.
    const at = (schema: Record<string, unknown>) => {
      const validators = subschemaValidators(schema)!;
      const validate = validators.at('/properties/x')!;
      validators.release();
      return validate;
    };
    const [s, n] = [at(typed('string')), at(typed('number'))];
    expect(s).not.toBe(n);
    expect([s('a'), s(1), n('a'), n(1)]).toEqual([true, false, false, true]);
  });
});

/** The property names whose values differ between two argument objects (added and removed ones too). */
function differing(a: Args, b: Args): string[] {
  const names = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...names].filter((n) => JSON.stringify(a[n]) !== JSON.stringify(b[n]) || Object.hasOwn(a, n) !== Object.hasOwn(b, n));
}

describe('alternativeArguments: other arguments the schema still accepts', () => {
  const cases: Array<{ name: string; schema: Record<string, unknown>; args: Args; changed: string; check?: (value: unknown) => void }> = [
    {
      name: 'a pattern string first, with another match',
      schema: object({ n: { type: 'integer' }, code: { type: 'string', pattern: '^[A-Z]{3}-\\d{4}$' } }),
      args: { n: 1, code: 'AAA-0000' },
      changed: 'code',
      check: (v) => expect(v).toMatch(/^[A-Z]{3}-\d{4}$/),
    },
    {
      name: 'a format string, with another value of the format',
      schema: object({ at: { type: 'string', format: 'date-time' } }),
      args: { at: '2026-01-15T10:00:00Z' },
      changed: 'at',
      check: ofFormat('date-time'),
    },
    {
      name: 'an enum before a number, with another member',
      schema: object({ n: { type: 'integer' }, colour: { enum: ['red', 'green'] } }),
      args: { n: 1, colour: 'red' },
      changed: 'colour',
      check: (v) => expect(v).toBe('green'),
    },
    {
      name: 'a number within its bounds',
      schema: object({ n: { type: 'integer', minimum: 1, maximum: 2 } }),
      args: { n: 1 },
      changed: 'n',
      check: (v) => expect(v).toBe(2),
    },
    { name: 'a boolean', schema: object({ b: { type: 'boolean' } }), args: { b: false }, changed: 'b', check: (v) => expect(v).toBe(true) },
    {
      name: 'an optional property when the given ones are fixed',
      schema: { type: 'object', properties: { k: { const: 'K' }, note: { type: 'string' } }, required: ['k'] },
      args: { k: 'K' },
      changed: 'note',
    },
  ];

  it.each(cases)('$name', ({ schema, args, changed, check }) => {
    const given = structuredClone(args);
    const result = alternativeArguments(schema, args);
    if (!result.ok) throw new Error(result.reason);
    expect(result.changed).toBe(changed);
    expect(differing(given, result.args)).toEqual([changed]);
    expect(accepts(schema, result.args)).toBe(true);
    expect(args).toEqual(given);
    check?.(result.args[changed]);
  });

  it('refuses when no property can take another value', () => {
    const result = alternativeArguments(object({ k: { const: 'K' }, only: { enum: ['x'] } }), { k: 'K', only: 'x' });
    expect(result).toEqual({ ok: false, reason: 'no property of the arguments can take another value that the schema accepts' });
  });
});

describe('invalidArguments: one change the schema rejects', () => {
  const cases: Array<{ name: string; schema: Record<string, unknown>; args: Args; how: string }> = [
    {
      name: 'a typed property given another JSON type',
      schema: object({ count: { type: 'integer' } }),
      args: { count: 1 },
      how: '"count" given as a string',
    },
    { name: 'a string given a number', schema: object({ q: { type: 'string' } }), args: { q: 'x' }, how: '"q" given as a number' },
    {
      name: 'an enum without a type given a value outside it',
      schema: object({ status: { enum: ['a', 'b'] } }),
      args: { status: 'a' },
      how: '"status" given "a-not-listed", which is not one of its enum values',
    },
    { name: 'a required property left out', schema: object({ x: {} }), args: { x: 1 }, how: 'required "x" left out' },
    {
      name: 'an extra property where additionalProperties is false',
      schema: { type: 'object', properties: { x: {} }, additionalProperties: false },
      args: {},
      how: 'unexpected property "mcpgate_unexpected" added, which additionalProperties: false forbids',
    },
  ];

  it.each(cases)('$name', ({ schema, args, how }) => {
    const result = invalidArguments(schema, args);
    if (!result.ok) throw new Error(result.reason);
    expect(result.how).toBe(how);
    expect(differing(args, result.args)).toHaveLength(1);
    expect(accepts(schema, args)).toBe(true);
    expect(accepts(schema, result.args)).toBe(false);
  });

  it('refuses when no single change breaks the schema', () => {
    const result = invalidArguments({ type: 'object' }, {});
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(/^no single change makes the schema reject the arguments/);
  });
});

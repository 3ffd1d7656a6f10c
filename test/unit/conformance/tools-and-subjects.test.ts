/** The judgement helpers of layer 0 on their own: schema compilation, sample arguments, header rules, safety, expected failures. */

import { describe, expect, it } from 'vitest';
import { xMcpHeaderProblems } from '../../../src/conformance/checks/x-mcp-header.js';
import { parseExpectedFailures } from '../../../src/conformance/expected-failures.js';
import { sampleArguments } from '../../../src/conformance/sample-arguments.js';
import { compileToolSchema } from '../../../src/conformance/tool-schemas.js';
import { pickSubjects, shapeOf } from '../../../src/conformance/checks/mrtr.js';
import type { MrtrSubject } from '../../../src/conformance/checks/mrtr-flow.js';
import { toolSafety } from '../../../src/spec/tool-safety.js';

describe('compileToolSchema', () => {
  it('accepts 2020-12 schemas with local $ref, $anchor and vendor keywords', () => {
    const schema = {
      type: 'object',
      $defs: { S: { $anchor: 'status', enum: ['open', 'paid'] } },
      properties: { a: { $ref: '#/$defs/S' }, b: { $ref: '#status' } },
      'x-mcp-header': 'X',
    };
    const compiled = compileToolSchema(schema);
    expect(compiled.ok).toBe(true);
    if (compiled.ok) {
      expect(compiled.validate({ a: 'open' })).toBe(true);
      expect(compiled.validate({ a: 'closed' })).toBe(false);
    }
  });

  it('fails a dangling local $ref and only warns-class an external one', () => {
    expect(compileToolSchema({ type: 'object', properties: { a: { $ref: '#/$defs/Missing' } } })).toMatchObject({
      ok: false,
      kind: 'dangling-ref',
    });
    expect(compileToolSchema({ type: 'object', properties: { a: { $ref: 'https://example.com/s.json' } } })).toMatchObject({
      ok: false,
      kind: 'external-ref',
    });
  });

  it('rejects the Draft-7 tuple form under 2020-12 but accepts it when draft-07 is declared', () => {
    const tuple = { type: 'object', properties: { a: { type: 'array', items: [{ type: 'string' }] } } };
    expect(compileToolSchema(tuple)).toMatchObject({ ok: false, kind: 'invalid' });
    expect(compileToolSchema({ $schema: 'http://json-schema.org/draft-07/schema#', ...tuple }).ok).toBe(true);
  });

  it('refuses an unknown dialect and a schema past the bounds', () => {
    expect(compileToolSchema({ $schema: 'https://example.com/my-dialect', type: 'object' })).toMatchObject({
      ok: false,
      kind: 'unsupported-dialect',
    });
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 80; i++) deep = { type: 'object', properties: { x: deep } };
    expect(compileToolSchema(deep)).toMatchObject({ ok: false, kind: 'too-complex' });
  });

  it('lets two tools reuse one $id', () => {
    const a = compileToolSchema({ $id: 'https://example.com/args', type: 'object' });
    const b = compileToolSchema({ $id: 'https://example.com/args', type: 'object', required: ['x'] });
    expect(a.ok && b.ok).toBe(true);
  });
});

describe('sampleArguments', () => {
  it('fills required properties from examples, enums, refs, formats and bounds', () => {
    const schema = {
      type: 'object',
      $defs: { Status: { enum: ['paid', 'open'] } },
      properties: {
        city: { type: 'string', examples: ['Paris'] },
        status: { $ref: '#/$defs/Status' },
        email: { type: 'string', format: 'email' },
        days: { type: 'integer', minimum: 3, maximum: 7 },
        optional: { type: 'string' },
      },
      required: ['city', 'status', 'email', 'days'],
    };
    expect(sampleArguments(schema)).toEqual({ city: 'Paris', status: 'paid', email: 'user@example.com', days: 3 });
  });

  it('returns an empty object for schemas without required properties', () => {
    expect(sampleArguments({ type: 'object', properties: { a: { type: 'string' } } })).toEqual({});
    expect(sampleArguments(undefined)).toEqual({});
  });
});

describe('xMcpHeaderProblems', () => {
  it('accepts a token name on a top-level string property', () => {
    expect(xMcpHeaderProblems({ type: 'object', properties: { region: { type: 'string', 'x-mcp-header': 'Region' } } })).toEqual([]);
  });

  it('flags numbers, bad names, duplicates ignoring case and unreachable properties', () => {
    const problems = xMcpHeaderProblems({
      type: 'object',
      properties: {
        amount: { type: 'number', 'x-mcp-header': 'Amount' },
        a: { type: 'string', 'x-mcp-header': 'Bad Name' },
        b: { type: 'string', 'x-mcp-header': 'Region' },
        c: { type: 'string', 'x-mcp-header': 'region' },
        list: { type: 'array', items: { type: 'string', 'x-mcp-header': 'Item' } },
      },
    });
    expect(problems.join('\n')).toMatch(/properties\/amount: x-mcp-header on a property of type "number"/);
    expect(problems.join('\n')).toMatch(/"Bad Name" is not a non-empty HTTP token/);
    expect(problems.join('\n')).toMatch(/"region" repeats/);
    expect(problems.join('\n')).toMatch(/items: x-mcp-header is only allowed on properties reached from the root/);
    expect(problems).toHaveLength(4);
  });
});

describe('toolSafety', () => {
  const none = new Set<string>();
  it('calls only read-only tools that are not also marked destructive, unless allowed by name', () => {
    expect(toolSafety({ name: 'a', annotations: { readOnlyHint: true } }, none).callable).toBe(true);
    expect(toolSafety({ name: 'b', annotations: { readOnlyHint: true, destructiveHint: true } }, none).callable).toBe(false);
    expect(toolSafety({ name: 'c' }, none).callable).toBe(false);
    expect(toolSafety({ name: 'd', annotations: { readOnlyHint: 'true' } }, none).callable).toBe(false);
    expect(toolSafety({ name: 'e', annotations: { destructiveHint: true } }, new Set(['e'])).callable).toBe(true);
  });
});

describe('parseExpectedFailures', () => {
  const known = new Set(['a.one', 'b.two']);
  it('reads ids with comments, YAML dashes and quotes', () => {
    expect([...parseExpectedFailures('# header\na.one  # why\n- "b.two"\n\n', known, 'f')]).toEqual(['a.one', 'b.two']);
  });
  it('names file and line of an unknown id', () => {
    expect(() => parseExpectedFailures('a.one\nc.three\n', known, 'x.txt')).toThrow('x.txt:2: "c.three" is not a check id');
  });
});

describe('toolSafety, non-destructive policy (layer 1)', () => {
  const none = new Set<string>();
  it('also runs writing tools that declare destructiveHint: false, never presumed-destructive ones', () => {
    expect(toolSafety({ name: 'w', annotations: { readOnlyHint: false, destructiveHint: false } }, none, 'non-destructive').callable).toBe(
      true,
    );
    expect(toolSafety({ name: 'w', annotations: { readOnlyHint: false, destructiveHint: false } }, none, 'read-only').callable).toBe(false);
    expect(toolSafety({ name: 'x', annotations: { readOnlyHint: false } }, none, 'non-destructive').callable).toBe(false);
    expect(toolSafety({ name: 'y' }, none, 'non-destructive').callable).toBe(false);
    expect(toolSafety({ name: 'z', annotations: { destructiveHint: true, readOnlyHint: true } }, none, 'non-destructive').callable).toBe(
      false,
    );
  });
});

describe('pickSubjects (which MRTR subjects a rule is judged on)', () => {
  const subject = (label: string, method: MrtrSubject['method'], result: Record<string, unknown>): MrtrSubject =>
    ({ label, method, params: {}, result, first: {} }) as unknown as MrtrSubject;
  const form = { resultType: 'input_required', inputRequests: { a: { method: 'elicitation/create', params: { mode: 'form' } } } };
  const url = { resultType: 'input_required', inputRequests: { a: { method: 'elicitation/create', params: { mode: 'url' } } } };
  const sampling = { resultType: 'input_required', inputRequests: { a: { method: 'sampling/createMessage', params: {} } } };
  const samplingTools = { resultType: 'input_required', inputRequests: { a: { method: 'sampling/createMessage', params: { tools: [] } } } };
  const subjects = [
    subject('t1', 'tools/call', form),
    subject('t2', 'tools/call', { ...form, requestState: 's' }),
    subject('t3', 'tools/call', form),
    subject('t4', 'tools/call', url),
    subject('t5', 'tools/call', sampling),
    subject('t6', 'tools/call', samplingTools),
    subject('r1', 'resources/read', form),
    subject('p1', 'prompts/get', sampling),
  ];
  const labels = (picked: MrtrSubject[]): string[] => picked.map((s) => s.label);

  it('takes one per method first, then one per shape not yet covered, in listing order', () => {
    expect(labels(pickSubjects(subjects, 4))).toEqual(['t1', 't2', 'r1', 'p1']);
    expect(labels(pickSubjects(subjects, 6))).toEqual(['t1', 't2', 't4', 't5', 'r1', 'p1']);
  });

  it('fills up with the rest when the shapes run out, and takes every subject when the limit allows', () => {
    expect(labels(pickSubjects(subjects, 8))).toEqual(labels(subjects));
    expect(labels(pickSubjects(subjects.slice(0, 3), 4))).toEqual(['t1', 't2', 't3']);
  });

  it('with shapesOnly takes exactly one subject of each shape', () => {
    expect(labels(pickSubjects(subjects, 8, true))).toEqual(['t1', 't2', 't4', 't5', 't6', 'r1', 'p1']);
    expect(new Set(subjects.map(shapeOf)).size).toBe(7);
  });
});

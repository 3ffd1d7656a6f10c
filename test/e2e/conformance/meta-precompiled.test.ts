/**
 * The build precompiles each dialect's meta-schema (src/conformance/meta-schemas-build.ts). The built
 * module must use them, and a server's tool schema must be judged exactly as when ajv compiles the
 * meta-schema itself (the sources, which have no build output beside them): same outcome, same kind,
 * same message, for valid and invalid schemas of every dialect.
 */

import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as compiled from '../../../src/conformance/tool-schemas.js';

const built = (await import(
  pathToFileURL(join(import.meta.dirname, '../../..', 'dist', 'src', 'conformance', 'tool-schemas.js')).href
)) as typeof compiled;

const DRAFT7 = 'http://json-schema.org/draft-07/schema#';
const DRAFT2019 = 'https://json-schema.org/draft/2019-09/schema';

const CORPUS: unknown[] = [
  true,
  false,
  {},
  { type: 'object', properties: { city: { type: 'string', minLength: 1 } }, required: ['city'] },
  { type: 'object', properties: { when: { type: 'string', format: 'date-time' }, id: { type: 'string', pattern: '^[a-z]+$' } } },
  { type: 'strin' },
  { type: ['string', 'nope'] },
  { minLength: -1 },
  { properties: [] },
  { required: 'city' },
  { required: ['a', 'a'] },
  { pattern: '(' },
  { pattern: 5 },
  { $schema: 5 },
  { $anchor: '1bad' },
  { $defs: 3 },
  { enum: 'x' },
  { unevaluatedProperties: 3 },
  { $defs: { node: { $dynamicAnchor: 'node', type: 'object' } }, $ref: '#/$defs/node' },
  { type: 'object', properties: { a: { type: 'stringy' }, b: { minimum: 'x' }, c: { items: 4 }, d: { maxItems: -2 } } },
  { $schema: DRAFT7, type: 'object', items: { type: 'string' }, definitions: { a: { type: 'number' } } },
  { $schema: DRAFT7, items: 5 },
  { $schema: DRAFT7, dependencies: { a: 4 } },
  { $schema: DRAFT2019, $recursiveAnchor: true, type: 'object' },
  { $schema: DRAFT2019, $recursiveAnchor: 'yes' },
  { $schema: DRAFT2019, minContains: -1 },
];

describe('precompiled meta-schemas', () => {
  it('are what the built module uses, while the sources compile them at run time', () => {
    expect(built.metaSource).toBe('precompiled');
    expect(compiled.metaSource).toBe('compiled');
  });

  it('judge every tool schema exactly as the meta-schemas ajv compiles at run time', () => {
    const outcome = (result: compiled.CompileOutcome) =>
      result.ok
        ? { ok: true, dialect: result.dialect, unchecked: result.unchecked }
        : { ok: false, kind: result.kind, message: result.message };
    let valid = 0;
    let invalid = 0;
    for (const schema of CORPUS) {
      const expected = outcome(compiled.compileToolSchema(schema));
      expect(outcome(built.compileToolSchema(schema)), JSON.stringify(schema)).toEqual(expected);
      if (expected.ok) valid++;
      else invalid++;
    }
    // Not a comparison of two identical refusals: both verdicts occur, in every dialect.
    expect(valid).toBeGreaterThan(6);
    expect(invalid).toBeGreaterThan(12);
  });
});

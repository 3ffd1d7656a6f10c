/**
 * The build compiles the spec validators ahead of time (src/spec/validators-build.ts). The built
 * module must use them, and they must judge exactly as the validators compiled at run time: same
 * verdict and same issues, for every definition, on valid and invalid values alike.
 */

import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFINITIONS, type DefinitionName } from '../../../src/spec/schemas.js';
import * as compiled from '../../../src/spec/validate.js';

const built = (await import(
  pathToFileURL(join(import.meta.dirname, '../../..', 'dist', 'src', 'spec', 'validate.js')).href
)) as typeof compiled;

const text = { type: 'text', text: 'hello' };
const CORPUS: unknown[] = [
  null,
  'text',
  42,
  [],
  {},
  text,
  { type: 'text', text: 7 },
  { type: 'image', data: 'aGk=', mimeType: 'image/png' },
  { type: 'image', data: 'not base64!', mimeType: 'image/png' },
  { type: 'resource_link', uri: 'file:///a.txt', name: 'a' },
  { type: 'resource_link', uri: 'not a uri', name: 'a' },
  { content: [text], resultType: 'complete' },
  { content: [text], structuredContent: { a: 1 }, isError: false },
  { content: 'oops' },
  { tools: [{ name: 'echo', inputSchema: { type: 'object' } }] },
  { tools: [{ name: 'echo' }], nextCursor: 5 },
  { resources: [{ uri: 'mem://a', name: 'a', mimeType: 'text/plain' }] },
  { contents: [{ uri: 'mem://a', text: 'x' }] },
  { contents: [{ uri: 'mem://a', blob: '@@' }] },
  { messages: [{ role: 'user', content: text }] },
  { messages: [{ role: 'robot', content: text }] },
  { completion: { values: ['a'], total: 1, hasMore: false } },
  { resultType: 'input_required', requestState: 'state' },
  {
    resultType: 'input_required',
    inputRequests: { a: { method: 'elicitation/create', params: { message: 'm', requestedSchema: { type: 'object', properties: {} } } } },
  },
  { resultType: 'input_required', inputRequests: { a: { method: 'sampling/createMessage', params: {} } } },
  { jsonrpc: '2.0', id: 1, result: {} },
  { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'nope' } },
  { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 't', progress: 1 } },
  { jsonrpc: '1.0', id: {}, result: [] },
  { supportedVersions: ['2026-07-28'], capabilities: {}, _meta: { 'io.modelcontextprotocol/serverInfo': { name: 's', version: '1' } } },
  { name: 's', version: '1', websiteUrl: 'http://[' },
];

describe('precompiled spec validators', () => {
  it('are what the built module uses, while the sources compile at run time', () => {
    expect(built.validatorSource).toBe('precompiled');
    expect(compiled.validatorSource).toBe('compiled');
  });

  it('judge every definition exactly as the run-time compiled ones do', () => {
    let valid = 0;
    let invalid = 0;
    for (const name of Object.keys(DEFINITIONS) as DefinitionName[]) {
      for (const value of CORPUS) {
        const expected = compiled.validateDefinition(name, value);
        expect(built.validateDefinition(name, value), `${name} on ${JSON.stringify(value)}`).toEqual(expected);
        if (expected.length === 0) valid++;
        else invalid++;
      }
    }
    // Not a comparison of two empty answers: both verdicts occur, many times.
    expect(valid).toBeGreaterThan(50);
    expect(invalid).toBeGreaterThan(50);
  });
});

/**
 * Cross-checks mcpgate's own protocol schemas (src/spec/schemas.ts) against the official
 * schema.json of revision 2026-07-28, read from ../shared/spec at test time (never copied into the
 * project): structurally, definition by definition, and behaviourally, over a corpus of realistic
 * server messages that both must judge the same way. Every place where mcpgate deliberately
 * departs from the official file is listed with its reason, and the lists must stay exact.
 */

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, it, expect } from 'vitest';
import {
  CONTENT_BLOCK_KINDS,
  DEFINITIONS,
  DEFINITION_GROUPS,
  ERROR_DATA_DEFINITIONS,
  INPUT_REQUEST_KINDS,
  RESULT_DEFINITIONS,
  SCHEMA_BUNDLE,
  SERVER_NOTIFICATIONS,
} from '../../../src/spec/schemas.js';
import {
  type SchemaIssue,
  validateDefinition,
  validateErrorData,
  validateResult,
  validateServerMessage,
} from '../../../src/spec/validate.js';
import { CORPUS, cacheable, echoTool, notification } from '../../helpers/spec-corpus.js';

type Node = Record<string, unknown>;

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/*
 * CI always has ../shared beside the clone; a clone with nothing beside it skips the cross-check (with
 * the reason in the test names) and runs everything else.
 */
const OFFICIAL_SCHEMA = path.resolve(repoRoot, '../shared/spec/2026-07-28.schema.json');
const haveOfficial = existsSync(OFFICIAL_SCHEMA);
const official = (haveOfficial ? JSON.parse(readFileSync(OFFICIAL_SCHEMA, 'utf8')) : { $defs: {} }) as { $defs: Record<string, Node> };
const skipped = haveOfficial ? '' : ` (skipped: ${OFFICIAL_SCHEMA} not found)`;
const projectDefs = DEFINITIONS as unknown as Record<string, Node>;

// ---------------------------------------------------------------------------------------------
// Structural comparison

/** Where a project definition's official counterpart lives when it is not a same-named def. */
const COUNTERPARTS: Record<string, readonly string[]> = {
  ResourceContentsItem: ['ReadResourceResult', 'contents', '[]'],
  UnsupportedProtocolVersionErrorData: ['UnsupportedProtocolVersionError', 'error', 'data'],
  MissingRequiredClientCapabilityErrorData: ['MissingRequiredClientCapabilityError', 'error', 'data'],
};

/** Unions the project dispatches on a discriminator instead of an anyOf; compared by kind below. */
const DISPATCHED_UNIONS = ['ContentBlock', 'InputRequest'];

/** Deliberate departures from schema.json, each with its reason. The list must stay exact. */
const KNOWN_DIFFERENCES: Record<string, string> = {
  'InputRequiredResult: anyOf only in project':
    'the spec requires at least one of inputRequests/requestState; schema.json does not encode it',
  'JSONObject: additionalProperties only in official':
    'schema.json narrows JSONValue leaves to string/integer/boolean; the spec allows any JSON value',
};

function refName(node: Node): string | undefined {
  return typeof node['$ref'] === 'string' ? node['$ref'].replace('#/$defs/', '') : undefined;
}

/** Follows `$ref`s and folds an allOf of object schemas into one object schema. */
function resolve(node: Node, defs: Record<string, Node>): Node {
  let current = node;
  for (let name = refName(current); name !== undefined; name = refName(current)) {
    const target = defs[name];
    if (target === undefined) throw new Error(`dangling $ref ${name}`);
    current = target;
  }
  const parts = current['allOf'] as Node[] | undefined;
  if (parts === undefined || parts.some((part) => 'if' in part)) return current;
  const merged: Node = { ...current, properties: {}, required: [] };
  delete merged['allOf'];
  for (const part of parts.map((p) => resolve(p, defs))) {
    const properties = merged['properties'] as Record<string, Node>;
    for (const [key, value] of Object.entries((part['properties'] ?? {}) as Record<string, Node>)) {
      properties[key] = { ...properties[key], ...value };
    }
    merged['required'] = [...new Set([...(merged['required'] as string[]), ...((part['required'] ?? []) as string[])])];
    for (const key of ['type', 'const', 'enum', 'format']) if (key in part) merged[key] = part[key];
  }
  return merged;
}

/** The official schema node reached from a definition through property names (`[]` = items). */
function officialAt([root, ...steps]: readonly string[]): Node | undefined {
  let node = root === undefined ? undefined : official.$defs[root];
  for (const step of steps) {
    if (node === undefined) return undefined;
    const resolved = resolve(node, official.$defs);
    node = step === '[]' ? (resolved['items'] as Node) : (resolved['properties'] as Record<string, Node>)[step];
  }
  return node;
}

function locateOfficial(name: string): Node | undefined {
  return officialAt(COUNTERPARTS[name] ?? [name]);
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).sort(([a], [b]) => a.localeCompare(b));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

function normalised(key: string, value: unknown): string {
  // An empty `required` constrains nothing, exactly like an absent one.
  if (value === undefined || (key === 'required' && Array.isArray(value) && value.length === 0)) return '-';
  if ((key === 'type' || key === 'enum' || key === 'required') && Array.isArray(value)) {
    return canonical([...value].sort());
  }
  return canonical(value);
}

/** Union branches, with references to pure unions expanded, as comparable keys. */
function branches(node: Node, defs: Record<string, Node>): string[] {
  return (node['anyOf'] as Node[])
    .flatMap((branch) => {
      const name = refName(branch);
      const target = name === undefined ? undefined : defs[name];
      if (target !== undefined && 'anyOf' in target && !('properties' in target)) return branches(target, defs);
      return [name ?? canonical(branch)];
    })
    .sort();
}

function isConstraining(schema: unknown): schema is Node {
  return typeof schema === 'object' && schema !== null && Object.keys(schema).length > 0;
}

const COMPARED_KEYWORDS = ['type', 'const', 'enum', 'format', 'minimum', 'maximum', 'maxItems', 'required'];

/** Differences between a project schema and its official counterpart, as stable sentences. */
function compare(project: Node, officialNode: Node, at: string, depth = 0): string[] {
  const projectRef = refName(project);
  const officialRef = refName(officialNode);
  if (projectRef !== undefined && officialRef !== undefined) {
    return projectRef === officialRef ? [] : [`${at}: refers to ${projectRef}, official to ${officialRef}`];
  }
  if (depth > 12) return [];
  const p = resolve(project, projectDefs);
  const o = resolve(officialNode, official.$defs);
  const differences: string[] = [];
  for (const key of COMPARED_KEYWORDS) {
    const [mine, theirs] = [normalised(key, p[key]), normalised(key, o[key])];
    if (mine !== theirs) differences.push(`${at}: ${key} ${mine}, official ${theirs}`);
  }
  const pProps = (p['properties'] ?? {}) as Record<string, Node>;
  const oProps = (o['properties'] ?? {}) as Record<string, Node>;
  for (const key of Object.keys(pProps)) {
    const theirs = oProps[key];
    if (theirs === undefined) differences.push(`${at}: property ${key} is not in the official definition`);
    else differences.push(...compare(pProps[key] as Node, theirs, `${at}.${key}`, depth + 1));
  }
  for (const key of Object.keys(oProps)) {
    if (!(key in pProps)) differences.push(`${at}: official property ${key} is not modelled`);
  }
  for (const key of ['items', 'additionalProperties']) {
    const [mine, theirs] = [p[key], o[key]];
    if (isConstraining(mine) && isConstraining(theirs)) {
      differences.push(...compare(mine, theirs, `${at}.${key}`, depth + 1));
    } else if (isConstraining(mine) !== isConstraining(theirs)) {
      differences.push(`${at}: ${key} only in ${isConstraining(mine) ? 'project' : 'official'}`);
    }
  }
  if ('anyOf' in p && 'anyOf' in o) {
    const [mine, theirs] = [branches(p, projectDefs), branches(o, official.$defs)];
    if (canonical(mine) !== canonical(theirs)) {
      differences.push(`${at}: anyOf ${canonical(mine)}, official ${canonical(theirs)}`);
    }
  } else if ('anyOf' in p || 'anyOf' in o) {
    differences.push(`${at}: anyOf only in ${'anyOf' in p ? 'project' : 'official'}`);
  }
  return differences;
}

function structuralDifferences(): string[] {
  return Object.keys(projectDefs)
    .filter((name) => !DISPATCHED_UNIONS.includes(name))
    .flatMap((name) => {
      const counterpart = locateOfficial(name);
      if (counterpart === undefined) return [`${name}: no official counterpart`];
      return compare(projectDefs[name] as Node, counterpart, name);
    })
    .sort();
}

/** Official union members keyed by the constant value of their discriminating property. */
function officialKinds(union: string, discriminator: string): Record<string, string> {
  const members = (official.$defs[union]?.['anyOf'] ?? []) as Node[];
  return Object.fromEntries(
    members.map((member) => {
      const name = refName(member) ?? '?';
      const properties = resolve(member, official.$defs)['properties'] as Record<string, Node>;
      return [String(properties[discriminator]?.['const']), name];
    }),
  );
}

describe.skipIf(!haveOfficial)(`project schemas mirror the official schema.json${skipped}`, () => {
  it('differ from it only where the differences are known and explained', () => {
    expect(structuralDifferences()).toEqual(Object.keys(KNOWN_DIFFERENCES).sort());
  });

  it('the comparison notices a dropped required field, a changed enum and an invented property', () => {
    const tools = projectDefs['ListToolsResult'] as Node;
    const mutated: Node = {
      ...tools,
      required: (tools['required'] as string[]).filter((key) => key !== 'ttlMs'),
      properties: {
        ...(tools['properties'] as Node),
        cacheScope: { type: 'string', enum: ['private', 'shared'] },
        cacheKey: { type: 'string' },
      },
    };
    const differences = compare(mutated, official.$defs['ListToolsResult'] as Node, 'ListToolsResult');
    expect(differences).toHaveLength(3);
    expect(differences.join('\n')).toMatch(/ListToolsResult: required .*official .*ttlMs/);
    expect(differences.join('\n')).toMatch(/ListToolsResult\.cacheScope: enum .*shared/);
    expect(differences.join('\n')).toMatch(/property cacheKey is not in the official definition/);
  });

  it('dispatch content blocks, input requests and notifications over the official members', () => {
    expect(officialKinds('ContentBlock', 'type')).toEqual(CONTENT_BLOCK_KINDS);
    expect(officialKinds('InputRequest', 'method')).toEqual(INPUT_REQUEST_KINDS);
    expect(officialKinds('ServerNotification', 'method')).toEqual(SERVER_NOTIFICATIONS);
  });

  it('pick, for each method, a result definition that the official ServerResult lists', () => {
    const serverResults = (official.$defs['ServerResult']?.['anyOf'] as Node[]).map(refName);
    for (const definition of Object.values(RESULT_DEFINITIONS)) expect(serverResults).toContain(definition);
    expect(serverResults).toContain('InputRequiredResult');
  });

  it('attach error data to the codes the official error definitions fix', () => {
    for (const [code, definition] of Object.entries(ERROR_DATA_DEFINITIONS)) {
      const [errorDefinition] = COUNTERPARTS[definition] ?? [];
      expect(officialAt([errorDefinition ?? definition, 'error', 'code'])?.['const']).toBe(Number(code));
    }
  });

  it('assemble groups that never overwrite one another', () => {
    const total = DEFINITION_GROUPS.reduce((sum, group) => sum + Object.keys(group).length, 0);
    expect(Object.keys(DEFINITIONS)).toHaveLength(total);
  });
});

// ---------------------------------------------------------------------------------------------
// Behavioural comparison

const OFFICIAL_ID = 'https://modelcontextprotocol.io/schema/2026-07-28/schema.json';
const officialAjv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(officialAjv);
officialAjv.addSchema({ ...official, $id: OFFICIAL_ID });

function officialValidator(name: string): ValidateFunction {
  const validate = officialAjv.getSchema(`${OFFICIAL_ID}#/$defs/${name}`);
  if (validate === undefined) throw new Error(`official schema has no $defs/${name}`);
  return validate;
}

/** Project definitions without a same-named official def are judged inside an official envelope. */
const OFFICIAL_ENVELOPES: Record<string, (value: unknown) => [string, unknown]> = {
  UnsupportedProtocolVersionErrorData: (data) => [
    'UnsupportedProtocolVersionError',
    { jsonrpc: '2.0', id: 1, error: { code: -32022, message: 'Unsupported protocol version', data } },
  ],
  MissingRequiredClientCapabilityErrorData: (data) => [
    'MissingRequiredClientCapabilityError',
    { jsonrpc: '2.0', id: 1, error: { code: -32021, message: 'Missing client capability', data } },
  ],
};

function officialVerdict(definition: string, value: unknown): boolean {
  const [name, wrapped] = OFFICIAL_ENVELOPES[definition]?.(value) ?? [definition, value];
  return officialValidator(name)(wrapped);
}

describe('project and official schemas judge a corpus of server messages alike', () => {
  it('covers every result definition and both verdicts', () => {
    const covered = new Set(CORPUS.map((c) => c.definition));
    for (const definition of Object.values(RESULT_DEFINITIONS)) expect(covered).toContain(definition);
    expect(CORPUS.filter((c) => c.valid).length).toBeGreaterThan(10);
    expect(CORPUS.filter((c) => !c.valid).length).toBeGreaterThan(10);
  });

  it.each(CORPUS)('$name', ({ definition, value, valid }) => {
    expect(validateDefinition(definition, value).length === 0).toBe(valid);
  });

  describe.skipIf(!haveOfficial)(`and the official schema agrees${skipped}`, () => {
    it.each(CORPUS)('$name', ({ definition, value, valid, officialValid }) => {
      expect(officialVerdict(definition, value)).toBe(officialValid ?? valid);
    });
  });
});

// ---------------------------------------------------------------------------------------------
// What the wire validator reports, and what it leaves to dedicated checks

function paths(issues: readonly SchemaIssue[]): string[] {
  return issues.map((issue) => issue.path);
}

describe('validateResult', () => {
  const page = { ...cacheable, tools: [echoTool] };

  it('leaves resultType, ttlMs, cacheScope and serverInfo to their own checks', () => {
    expect(validateResult('tools/list', { ...page, ttlMs: 1.5, cacheScope: 'shared', resultType: 7 })).toEqual([]);
    expect(validateResult('tools/list', { tools: [] })).toEqual([]);
    const badServerInfo = { 'io.modelcontextprotocol/serverInfo': { name: 3 } };
    expect(validateResult('tools/list', { ...page, _meta: badServerInfo })).toEqual([]);
  });

  it('still reports the shape of the payload, with a pointer to the missing field', () => {
    const tools = [{ name: 'x' }, { name: 'y', inputSchema: { type: 'array' } }];
    const issues = validateResult('tools/list', { ...page, ttlMs: 1.5, tools });
    expect(issues.map((i) => [i.path, i.keyword])).toEqual([
      ['/tools/0/inputSchema', 'required'],
      ['/tools/1/inputSchema/type', 'const'],
    ]);
  });

  it('validates an input_required result as InputRequiredResult whatever the method', () => {
    expect(validateResult('tools/call', { resultType: 'input_required', requestState: 's' })).toEqual([]);
    expect(validateResult('tools/call', { resultType: 'input_required' }).map((i) => i.keyword)).toContain('anyOf');
  });

  it('holds an unknown method to the generic Result shape only', () => {
    expect(validateResult('vendor/thing', { resultType: 'complete', anything: [1] })).toEqual([]);
    expect(validateResult('vendor/thing', { resultType: 'complete', _meta: 5 })).toEqual([
      { path: '/_meta', keyword: 'type', message: 'must be object' },
    ]);
    expect(validateResult('constructor', [])).toHaveLength(1);
  });

  it('names the allowed values when an enum is violated', () => {
    const [issue] = validateDefinition('ContentBlock', { type: 'video' });
    expect(issue?.message).toContain('"resource_link"');
  });
});

describe('validateServerMessage', () => {
  it('checks envelopes without judging the result inside them twice', () => {
    expect(validateServerMessage({ jsonrpc: '2.0', id: 1, result: { tools: [] } })).toEqual([]);
    expect(paths(validateServerMessage({ jsonrpc: '2.0', id: null, result: {} }))).toEqual(['/id']);
    expect(paths(validateServerMessage({ jsonrpc: '2.0', id: 1 }))).toEqual(['/result']);
    expect(validateServerMessage('{"jsonrpc":"2.0"}')).toHaveLength(1);
  });

  it('checks known notifications against their own definition and others as notifications', () => {
    const progress = notification('notifications/progress', { progress: 1 });
    expect(paths(validateServerMessage(progress))).toEqual(['/params/progressToken']);
    expect(validateServerMessage({ jsonrpc: '2.0', method: 'com.example/ping', params: { any: 1 } })).toEqual([]);
    expect(paths(validateServerMessage({ jsonrpc: '2.0', method: 42 }))).toEqual(['/method']);
  });

  it('checks error envelopes', () => {
    expect(validateServerMessage({ jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'nope' } })).toEqual([]);
    const withoutCode = { jsonrpc: '2.0', id: 1, error: { message: 'nope' } };
    expect(paths(validateServerMessage(withoutCode))).toEqual(['/error/code']);
  });
});

describe('validateErrorData', () => {
  it('requires data for -32021 and -32022 and checks its shape', () => {
    expect(validateErrorData(-32022, { supported: ['2026-07-28'], requested: '1900-01-01' })).toEqual([]);
    expect(validateErrorData(-32022, undefined)).toHaveLength(1);
    const listOfNames = { requiredCapabilities: ['sampling'] };
    expect(paths(validateErrorData(-32021, listOfNames))).toEqual(['/requiredCapabilities']);
  });

  it('accepts anything for codes that define no data', () => {
    expect(validateErrorData(-32602, { uri: 'urn:x' })).toEqual([]);
    expect(validateErrorData(-32020, undefined)).toEqual([]);
  });
});

describe('the schema bundle itself', () => {
  // src/spec/validate.ts skips Ajv's meta-schema validation at run time (it cost every check ~0.15 s);
  // this is where the bundle is held to the 2020-12 meta-schema instead.
  it('is a valid JSON Schema 2020-12 document', () => {
    const ajv = new Ajv2020({ strict: false });
    expect(ajv.validateSchema(SCHEMA_BUNDLE), JSON.stringify(ajv.errors?.slice(0, 3))).toBe(true);
    expect(ajv.validateSchema({ ...SCHEMA_BUNDLE, $defs: { Broken: { type: 'no-such-type' } } })).toBe(false);
  });
});

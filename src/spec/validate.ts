/**
 * Validates what a server sends against mcpgate's own schemas (./schemas.ts). The build compiles
 * every definition ahead of time (./validators-build.ts); without that module, or when it was made
 * from another bundle, one Ajv instance is created on first use and each definition is compiled
 * once, because a conformance run validates hundreds of messages and must finish in about a second.
 */

import { Ajv2020, type CodeOptions } from 'ajv/dist/2020.js';
import type { ErrorObject, ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { canonicalSha256 } from '../shared/canonical-json.js';
import {
  type DefinitionName,
  ERROR_DATA_DEFINITIONS,
  RESULT_DEFINITIONS,
  SCHEMA_BUNDLE,
  SCHEMA_ID,
  SERVER_NOTIFICATIONS,
} from './schemas.js';
import { isRecord } from '../shared/guards.js';

/** One schema violation: where (a JSON pointer into the validated value), what, and which keyword. */
export interface SchemaIssue {
  path: string;
  message: string;
  keyword: string;
}

/** The module the build writes beside this one. */
export const PRECOMPILED_FILE = 'validators.generated.js';

let ajv: Ajv2020 | undefined;
const validators = new Map<DefinitionName, ValidateFunction>();

/** The one configuration of the spec validators, at run time and in the build step. */
export function createSpecAjv(code?: CodeOptions): Ajv2020 {
  // strict:false because server-facing definitions use if/then without `type` at every level,
  // which Ajv's strict mode reports even though the schemas are valid 2020-12.
  // validateSchema:false: the bundle is mcpgate's own and is checked against the 2020-12 meta-schema
  // by test/unit/spec/schemas.test.ts; compiling the meta-schema at run time cost every check ~0.15 s.
  const instance = new Ajv2020({ strict: false, allErrors: true, validateSchema: false, ...(code ? { code } : {}) });
  addFormats.default(instance, ['uri', 'uri-template', 'byte']);
  instance.addSchema(SCHEMA_BUNDLE);
  return instance;
}

/** Identifies the bundle a precompiled module was made from. */
export function bundleDigest(): string {
  return canonicalSha256(SCHEMA_BUNDLE);
}

type Precompiled = Partial<Record<DefinitionName, ValidateFunction>> & { BUNDLE_DIGEST?: string };

async function loadPrecompiled(): Promise<Precompiled | undefined> {
  try {
    // A URL, not a literal: the file exists only after the build, and bundlers must not resolve it.
    const module = (await import(new URL(PRECOMPILED_FILE, import.meta.url).href)) as Precompiled;
    return module.BUNDLE_DIGEST === bundleDigest() ? module : undefined;
  } catch {
    // Not built (the unit tests run the sources): compile on demand instead.
    return undefined;
  }
}

const precompiled = await loadPrecompiled();

/** Which validators this process uses, for the test that keeps the build step honest. */
export const validatorSource: 'precompiled' | 'compiled' = precompiled ? 'precompiled' : 'compiled';

function validatorFor(name: DefinitionName): ValidateFunction {
  let validate = validators.get(name);
  if (validate === undefined) {
    validate = precompiled?.[name];
    if (validate !== undefined) {
      validators.set(name, validate);
      return validate;
    }
    ajv ??= createSpecAjv();
    validate = ajv.getSchema(`${SCHEMA_ID}#/$defs/${name}`);
    if (validate === undefined) throw new Error(`mcpgate has no schema definition named ${name}`);
    validators.set(name, validate);
  }
  return validate;
}

function escapePointerToken(token: string): string {
  return token.replaceAll('~', '~0').replaceAll('/', '~1');
}

function toIssue(error: ErrorObject): SchemaIssue {
  const { keyword, instancePath, params } = error;
  // A missing property is reported at its own pointer, so that the path names what is missing.
  if (keyword === 'required') {
    const property = String(params['missingProperty']);
    const path = `${instancePath}/${escapePointerToken(property)}`;
    return { path, keyword, message: `required property '${property}' is missing` };
  }
  let message = error.message ?? keyword;
  if (keyword === 'enum') message += `: ${JSON.stringify(params['allowedValues'])}`;
  if (keyword === 'const') message = `must be ${JSON.stringify(params['allowedValue'])}`;
  return { path: instancePath, keyword, message };
}

/**
 * Validates a value against one definition, for example `Implementation` or `ContentBlock`.
 * Every issue is reported, including those validateResult leaves to dedicated checks.
 */
export function validateDefinition(name: DefinitionName, value: unknown): SchemaIssue[] {
  const validate = validatorFor(name);
  if (validate(value)) return [];
  // An `if` failure only restates the `then` failure that follows it.
  return (validate.errors ?? []).filter((error) => error.keyword !== 'if').map(toIssue);
}

/**
 * `resultType`, `ttlMs`, `cacheScope` and everything inside `_meta` (serverInfo) have conformance
 * checks of their own with precise ids, levels and fix hints; reporting them again as generic
 * schema issues would count one defect twice. `_meta` itself not being an object stays reported.
 */
const DEDICATED_FIELDS = new Set(['/resultType', '/ttlMs', '/cacheScope']);

function isLeftToDedicatedCheck(path: string, resultPath: string): boolean {
  if (!path.startsWith(resultPath)) return false;
  const relative = path.slice(resultPath.length);
  return DEDICATED_FIELDS.has(relative) || relative.startsWith('/_meta/');
}

/**
 * Validates the `result` of a response to `method`. An `input_required` result is validated as
 * InputRequiredResult; a missing `resultType` counts as `complete` (its absence is reported by
 * the resultType check); a method without a known result shape gets the generic Result.
 */
export function validateResult(method: string, result: unknown): SchemaIssue[] {
  const resultType = isRecord(result) ? (result['resultType'] ?? 'complete') : 'complete';
  let name: DefinitionName = 'Result';
  if (resultType === 'input_required') name = 'InputRequiredResult';
  else if (Object.hasOwn(RESULT_DEFINITIONS, method)) name = RESULT_DEFINITIONS[method] ?? name;
  return validateDefinition(name, result).filter((issue) => !isLeftToDedicatedCheck(issue.path, ''));
}

/**
 * Validates one message from the server: a result or error envelope (the result's own shape is
 * validateResult's job, since only the caller knows the method) or a notification, checked
 * against its specific definition when the method is one a server may send.
 */
export function validateServerMessage(message: unknown): SchemaIssue[] {
  if (!isRecord(message)) {
    return [{ path: '', keyword: 'type', message: 'a JSON-RPC message must be an object' }];
  }
  if ('method' in message) {
    const method = message['method'];
    const name =
      typeof method === 'string' && Object.hasOwn(SERVER_NOTIFICATIONS, method)
        ? SERVER_NOTIFICATIONS[method as keyof typeof SERVER_NOTIFICATIONS]
        : 'JSONRPCNotification';
    return validateDefinition(name, message);
  }
  if ('error' in message) {
    // JSON-RPC 2.0 itself requires `"id": null` when the request id could not be read (a parse
    // error, a rejected Origin); the MCP schema only omits the id. Both say the same thing.
    const issues = validateDefinition('JSONRPCErrorResponse', message);
    return message['id'] === null ? issues.filter((issue) => issue.path !== '/id') : issues;
  }
  return validateDefinition('JSONRPCResultResponse', message).filter((issue) => !isLeftToDedicatedCheck(issue.path, '/result'));
}

/** Validates `error.data` for the codes whose data the revision defines (-32021, -32022); others define none. */
export function validateErrorData(code: number, data: unknown): SchemaIssue[] {
  const name = Object.hasOwn(ERROR_DATA_DEFINITIONS, code) ? ERROR_DATA_DEFINITIONS[code] : undefined;
  if (name === undefined) return [];
  if (data === undefined) {
    return [{ path: '', keyword: 'required', message: `error.data is required for code ${code}` }];
  }
  return validateDefinition(name, data);
}

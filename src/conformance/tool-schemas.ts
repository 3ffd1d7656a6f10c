/**
 * Compiles a server's tool schemas the way a conforming client must: JSON Schema 2020-12 unless the
 * schema names another dialect, every local `$ref` resolvable, nothing fetched from the network.
 * The schemas come from the server under test, so nothing in them may take mcpgate more than linear
 * time: patterns run on a linear-time engine (src/shared/linear-regexp.ts), and only the formats JSON Schema
 * defines are asserted (ajv-formats' extra `url` backtracks quadratically on long input).
 */

import Ajv2020Module from 'ajv/dist/2020.js';
import Ajv2019Module from 'ajv/dist/2019.js';
import AjvDraft7Module from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { CodeOptions, ValidateFunction } from 'ajv';
import { collectingUnchecked, linearRegExp, type UncheckedPattern } from '../shared/linear-regexp.js';

// ajv and ajv-formats ship CommonJS with a default export; under NodeNext the class sits on `.default`.
export type AjvClass = typeof AjvDraft7Module.default;
const Ajv2020 = (Ajv2020Module as unknown as { default: AjvClass }).default;
const Ajv2019 = (Ajv2019Module as unknown as { default: AjvClass }).default;
const AjvDraft7 = AjvDraft7Module.default;
const addFormats = (addFormatsModule as unknown as { default: (ajv: InstanceType<AjvClass>, formats: string[]) => void }).default;

/** The formats of JSON Schema 2020-12 that ajv-formats implements; any other format is an annotation only. */
const ASSERTED_FORMATS = [
  'date',
  'time',
  'date-time',
  'duration',
  'uri',
  'uri-reference',
  'uri-template',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'regex',
  'uuid',
  'json-pointer',
  'relative-json-pointer',
];

/** The module the build writes beside this one: each dialect's meta-schema as a ready validator. */
export const META_PRECOMPILED_FILE = 'meta-validators.generated.js';

/** The name each dialect's meta-schema validator is exported under in that module. */
export const META_EXPORTS: Record<string, string> = {
  'https://json-schema.org/draft/2020-12/schema': 'draft2020',
  'https://json-schema.org/draft/2019-09/schema': 'draft2019',
  'http://json-schema.org/draft-07/schema': 'draft7',
};

async function loadPrecompiledMeta(): Promise<Record<string, ValidateFunction> | undefined> {
  try {
    // A URL, not a literal: the file exists only after the build, and bundlers must not resolve it.
    return (await import(new URL(META_PRECOMPILED_FILE, import.meta.url).href)) as Record<string, ValidateFunction>;
  } catch {
    // Not built (the unit tests run the sources): ajv compiles each meta-schema on first use instead.
    return undefined;
  }
}

const precompiledMeta = await loadPrecompiledMeta();

/** Whether this process checks schemas with the precompiled meta-schemas, for the test that keeps the build step honest. */
export const metaSource: 'precompiled' | 'compiled' = precompiledMeta ? 'precompiled' : 'compiled';

export const SCHEMA_BOUNDS = { maxDepth: 64, maxSubschemas: 10_000 };

export const DIALECTS: Record<string, AjvClass> = {
  'https://json-schema.org/draft/2020-12/schema': Ajv2020,
  'https://json-schema.org/draft/2019-09/schema': Ajv2019,
  'http://json-schema.org/draft-07/schema': AjvDraft7,
};

export type CompileOutcome =
  /** `unchecked`: patterns the linear-time engine cannot run; they match anything. */
  | { ok: true; validate: ValidateFunction; dialect: string; unchecked: UncheckedPattern[] }
  | { ok: false; kind: 'invalid' | 'dangling-ref' | 'external-ref' | 'unsupported-dialect' | 'too-complex'; message: string };

function dialectOf(schema: Record<string, unknown>): string {
  const declared = typeof schema.$schema === 'string' ? schema.$schema.replace(/#$/, '') : undefined;
  return declared ?? 'https://json-schema.org/draft/2020-12/schema';
}

/** Depth and size of a schema tree; the walk itself stops just past the bounds, so a hostile schema cannot stall it. */
function measure(schema: unknown, depth = 0, state = { nodes: 0, maxDepth: 0 }): { nodes: number; maxDepth: number } {
  if (typeof schema !== 'object' || schema === null) return state;
  state.nodes++;
  state.maxDepth = Math.max(state.maxDepth, depth);
  if (state.nodes > SCHEMA_BOUNDS.maxSubschemas || depth > SCHEMA_BOUNDS.maxDepth) return state;
  for (const value of Object.values(schema)) measure(value, depth + 1, state);
  return state;
}

/** Compiled schemas by their JSON text: a run compiles each tool's schemas in several checks, and ajv
 * compiles at several milliseconds a schema. Bounded, because the schemas come from the server. */
const compiled = new Map<string, CompileOutcome>();
const MAX_CACHED = 256;
const MAX_CACHED_KEY_CHARS = 64 * 1024;

export function compileToolSchema(schema: unknown): CompileOutcome {
  const key = cacheKey(schema);
  const cached = key === undefined ? undefined : compiled.get(key);
  if (cached) return cached;
  const outcome = compileUncached(schema);
  if (key !== undefined && compiled.size < MAX_CACHED) compiled.set(key, outcome);
  return outcome;
}

/**
 * A schema's JSON text as the key of the caches below, or undefined when it is not cached: too long
 * to keep, or a value JSON cannot write (a cycle), which is compiled, and refused, without the cache.
 */
function cacheKey(schema: unknown): string | undefined {
  try {
    const key = JSON.stringify(schema);
    return key !== undefined && key.length <= MAX_CACHED_KEY_CHARS ? key : undefined;
  } catch {
    return undefined;
  }
}

function compileUncached(schema: unknown): CompileOutcome {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    return typeof schema === 'boolean'
      ? compileWith(Ajv2020, schema, 'https://json-schema.org/draft/2020-12/schema')
      : {
          ok: false,
          kind: 'invalid',
          message: `a schema must be an object or a boolean, got ${schema === null ? 'null' : Array.isArray(schema) ? 'an array' : typeof schema}`,
        };
  }
  const size = measure(schema);
  if (size.nodes > SCHEMA_BOUNDS.maxSubschemas || size.maxDepth > SCHEMA_BOUNDS.maxDepth) {
    return {
      ok: false,
      kind: 'too-complex',
      message: `the schema exceeds mcpgate's bounds (depth ${SCHEMA_BOUNDS.maxDepth}, ${SCHEMA_BOUNDS.maxSubschemas} subschemas)`,
    };
  }
  const dialect = dialectOf(schema as Record<string, unknown>);
  const Engine = DIALECTS[dialect];
  if (!Engine)
    return { ok: false, kind: 'unsupported-dialect', message: `$schema names the dialect ${dialect}, which mcpgate cannot validate` };
  return compileWith(Engine, schema, dialect);
}

const engines = new Map<AjvClass, InstanceType<AjvClass>>();

/**
 * The one configuration of the engines, at run time and in the build step that precompiles the
 * meta-schemas (./meta-schemas-build.ts). logger:false: a server's unknown formats would otherwise each
 * print a warning on mcpgate's stderr.
 */
export function createEngine(Engine: AjvClass, options: { validateSchema: boolean; code: CodeOptions }): InstanceType<AjvClass> {
  const ajv = new Engine({ strict: false, allErrors: true, validateFormats: true, logger: false, ...options });
  addFormats(ajv, ASSERTED_FORMATS);
  return ajv;
}

/** One engine per dialect: creating one costs milliseconds, and a run compiles dozens of schemas. */
function engineFor(Engine: AjvClass): InstanceType<AjvClass> {
  let ajv = engines.get(Engine);
  if (!ajv) {
    ajv = createEngine(Engine, {
      // A dialect whose meta-schema the build precompiled is checked against that (checkAgainstMeta);
      // compiling a meta-schema at run time cost a check about 40 ms.
      validateSchema: metaValidatorFor(Engine) === undefined,
      // optimize:false: ajv's name optimisation pass costs a third of each compile, and a run compiles
      // each schema once and validates with it a few times.
      code: { regExp: linearRegExp, optimize: false },
    });
    engines.set(Engine, ajv);
  }
  return ajv;
}

function metaValidatorFor(Engine: AjvClass): ValidateFunction | undefined {
  const dialect = Object.keys(DIALECTS).find((id) => DIALECTS[id] === Engine);
  return dialect === undefined ? undefined : precompiledMeta?.[META_EXPORTS[dialect]!];
}

/**
 * What ajv's own check of a schema against its dialect's meta-schema throws, from the precompiled
 * meta-schema validator: the same checks, the same message.
 */
function checkAgainstMeta(ajv: InstanceType<AjvClass>, Engine: AjvClass, schema: object | boolean): void {
  const validate = metaValidatorFor(Engine);
  if (validate === undefined || typeof schema === 'boolean') return;
  const declared = (schema as { $schema?: unknown }).$schema;
  if (declared !== undefined && typeof declared !== 'string') throw new Error('$schema must be a string');
  if (!validate(schema)) throw new Error(`schema is invalid: ${ajv.errorsText(validate.errors)}`);
}

function compileWith(Engine: AjvClass, schema: object | boolean, dialect: string): CompileOutcome {
  const ajv = engineFor(Engine);
  try {
    checkAgainstMeta(ajv, Engine, schema);
    const { value: validate, unchecked } = collectingUnchecked(() => ajv.compile(schema));
    return { ok: true, validate, dialect, unchecked };
  } catch (error) {
    const err = error as Error & { missingRef?: string; missingSchema?: string };
    if (err.missingRef !== undefined) {
      // A missing document (not just a missing fragment of this one) means an external reference.
      const external = err.missingSchema !== undefined && err.missingSchema !== '' && /^[a-z][a-z0-9+.-]*:/i.test(err.missingSchema);
      return external
        ? {
            ok: false,
            kind: 'external-ref',
            message: `$ref "${err.missingRef}" points outside the schema; clients must not fetch it, so it cannot be resolved`,
          }
        : { ok: false, kind: 'dangling-ref', message: `$ref "${err.missingRef}" does not resolve inside the schema` };
    }
    const problems = [...new Set(err.message.replace(/^schema is invalid: /, '').split(', '))];
    return { ok: false, kind: 'invalid', message: `not a valid schema: ${problems.slice(0, 3).join('; ')}` };
  } finally {
    // Two tools may reuse one $id; forgetting each schema keeps them from colliding in the shared engine.
    if (typeof schema === 'object') ajv.removeSchema(schema);
  }
}

/** Validators for subschemas of one schema in place, by JSON pointer; the schema stays registered until `release`. */
export interface SubschemaValidators {
  at(pointer: string): ValidateFunction | undefined;
  release(): void;
}

/** The name a schema without its own `$id` is registered under while its subschemas are compiled. */
const SUBSCHEMA_BASE = 'urn:mcpgate:subschemas';

/**
 * For the argument synthesizer, which tests an `examples` entry or an anyOf option against the
 * subschema it belongs to, with that subschema's `$ref`s resolved against the whole schema. Only for a
 * schema compileToolSchema accepted; undefined when the engine refuses to register it.
 */
export function subschemaValidators(schema: Record<string, unknown>): SubschemaValidators | undefined {
  const Engine = DIALECTS[dialectOf(schema)];
  if (!Engine) return undefined;
  const ajv = engineFor(Engine);
  const base = typeof schema.$id === 'string' ? schema.$id.replace(/#$/, '') : SUBSCHEMA_BASE;
  const registered = typeof schema.$id === 'string' ? schema : { ...schema, $id: SUBSCHEMA_BASE };
  try {
    ajv.addSchema(registered);
  } catch {
    return undefined;
  }
  const validators = new Map<string, ValidateFunction | undefined>();
  const rootKey = cacheKey(schema);
  return {
    at(pointer) {
      if (validators.has(pointer)) return validators.get(pointer);
      const sharedKey = rootKey === undefined ? undefined : `${pointer}\n${rootKey}`;
      if (sharedKey !== undefined && sharedSubschemas.has(sharedKey)) {
        const shared = sharedSubschemas.get(sharedKey);
        validators.set(pointer, shared);
        return shared;
      }
      const wrapper = { $ref: `${base}#${pointerFragment(pointer)}` };
      let validate: ValidateFunction | undefined;
      try {
        validate = collectingUnchecked(() => ajv.compile(wrapper)).value;
      } catch {
        validate = undefined;
      } finally {
        ajv.removeSchema(wrapper);
      }
      validators.set(pointer, validate);
      if (sharedKey !== undefined && sharedSubschemas.size < MAX_CACHED) sharedSubschemas.set(sharedKey, validate);
      return validate;
    },
    release() {
      ajv.removeSchema(registered);
    },
  };
}

/**
 * Subschema validators by the whole schema's JSON text and the pointer. Servers give many tools one
 * input schema (the reference server, 14 of its tools), and each tool's synthesis asked for the same
 * subschema validators again, at a compile each. A validator depends only on the schema it was compiled
 * in (its $refs are resolved at compile time), so it serves every tool with that schema. Bounded like
 * the compiled schemas.
 */
const sharedSubschemas = new Map<string, ValidateFunction | undefined>();

/** A JSON pointer as the fragment of a URI, each segment percent-encoded, the form Ajv resolves. */
function pointerFragment(pointer: string): string {
  return pointer === ''
    ? ''
    : pointer
        .slice(1)
        .split('/')
        .map((segment) => '/' + encodeURIComponent(segment))
        .join('');
}

export function describeValidationErrors(validate: ValidateFunction, limit = 3): string {
  const errors = validate.errors ?? [];
  const shown = errors.slice(0, limit).map((e) => `${e.instancePath || '(root)'} ${e.message ?? e.keyword}`);
  return shown.join('; ') + (errors.length > limit ? `; and ${errors.length - limit} more` : '');
}

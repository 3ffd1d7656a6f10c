/**
 * Checks tool arguments against the tool's own inputSchema. It understands only the keywords the
 * reference tools use, which keeps the server free of dependencies; the schemas themselves stay
 * plain JSON Schema 2020-12 so that mcpgate compiles them with a real validator. A `$ref` that does
 * not resolve is treated as "anything", so the dangling-ref variant still serves its calls.
 */

import { isObject, type JsonObject } from './jsonrpc.js';

const FORMATS: Readonly<Record<string, RegExp>> = {
  email: /^[^@\s]+@[^@\s]+\.[^@\s]+$/,
  date: /^\d{4}-\d{2}-\d{2}$/,
};

/** Returns one readable sentence per problem; an empty list means the arguments are acceptable. */
export function checkArguments(schema: JsonObject, args: JsonObject): string[] {
  return checkValue(schema, args, '', schema);
}

function checkValue(schema: JsonObject, value: unknown, path: string, root: JsonObject): string[] {
  if (typeof schema.$ref === 'string') {
    const target = resolveLocalRef(root, schema.$ref);
    return target ? checkValue(target, value, path, root) : [];
  }
  const label = path === '' ? 'the arguments' : `argument "${path}"`;
  if (typeof schema.type === 'string' && !hasType(value, schema.type)) {
    return [`${label} must be ${article(schema.type)}, got ${describe(value)}`];
  }
  if (Array.isArray(schema.enum) && !schema.enum.includes(value)) {
    return [`${label} must be one of ${schema.enum.map((item) => JSON.stringify(item)).join(', ')}`];
  }
  if (Array.isArray(schema.anyOf)) {
    const branches = schema.anyOf.filter(isObject);
    if (!branches.some((branch) => checkValue(branch, value, path, root).length === 0)) {
      return [anyOfMessage(branches, label)];
    }
  }
  if (typeof value === 'number') return checkNumber(schema, value, label);
  if (typeof value === 'string') return checkString(schema, value, label);
  if (isObject(value)) return checkObject(schema, value, path, root);
  return [];
}

function checkNumber(schema: JsonObject, value: number, label: string): string[] {
  if (typeof schema.minimum === 'number' && value < schema.minimum) return [`${label} must be at least ${schema.minimum}`];
  if (typeof schema.exclusiveMinimum === 'number' && value <= schema.exclusiveMinimum) {
    return [`${label} must be greater than ${schema.exclusiveMinimum}`];
  }
  if (typeof schema.maximum === 'number' && value > schema.maximum) return [`${label} must be at most ${schema.maximum}`];
  return [];
}

function checkString(schema: JsonObject, value: string, label: string): string[] {
  if (typeof schema.minLength === 'number' && value.length < schema.minLength) {
    return [`${label} must not be empty`];
  }
  if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(value)) {
    return [`${label} must match ${schema.pattern}, got ${JSON.stringify(value)}`];
  }
  const format = typeof schema.format === 'string' ? FORMATS[schema.format] : undefined;
  if (format && !format.test(value)) return [`${label} must be a valid ${schema.format}, got ${JSON.stringify(value)}`];
  return [];
}

function checkObject(schema: JsonObject, value: JsonObject, path: string, root: JsonObject): string[] {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const problems: string[] = [];
  for (const name of Array.isArray(schema.required) ? schema.required : []) {
    if (typeof name === 'string' && !(name in value)) problems.push(`missing required argument "${join(path, name)}"`);
  }
  for (const [name, item] of Object.entries(value)) {
    const propertySchema = properties[name];
    if (isObject(propertySchema)) problems.push(...checkValue(propertySchema, item, join(path, name), root));
    else if (schema.additionalProperties === false) problems.push(`unexpected argument "${join(path, name)}"`);
  }
  return problems;
}

/** `anyOf: [{required:[a]}, {required:[b]}]` reads better as "provide a or b" than as a schema error. */
function anyOfMessage(branches: JsonObject[], label: string): string {
  const names = branches.flatMap((branch) => (Array.isArray(branch.required) ? branch.required : []));
  return names.length === branches.length
    ? `provide at least one of the arguments ${names.map((name) => `"${String(name)}"`).join(' or ')}`
    : `${label} matches none of the allowed forms`;
}

function resolveLocalRef(root: JsonObject, ref: string): JsonObject | undefined {
  const match = /^#\/\$defs\/([^/]+)$/.exec(ref);
  const defs = root.$defs;
  if (!match?.[1] || !isObject(defs)) return undefined;
  const target = defs[match[1]];
  return isObject(target) ? target : undefined;
}

function hasType(value: unknown, type: string): boolean {
  switch (type) {
    case 'object':
      return isObject(value);
    case 'array':
      return Array.isArray(value);
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'null':
      return value === null;
    default:
      return typeof value === type;
  }
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${JSON.stringify(value)}`;
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

function join(path: string, name: string): string {
  return path === '' ? name : `${path}.${name}`;
}

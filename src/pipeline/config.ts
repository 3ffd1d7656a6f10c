/**
 * Loads and validates mcpgate.yaml. Every problem names the file, line, key and the fix; values of
 * the form ${VAR} are read from the environment (credentials stay out of the file).
 */

import { readFileSync } from 'node:fs';
import { LineCounter, parseDocument } from 'yaml';
import { didYouMean } from '../shared/yaml/suggest.js';
import { keyPosition, valuePosition } from '../shared/yaml/locate.js';
import { CONFIG_SCHEMA, REPORT_FORMATS, type ValueKind } from './config-schema.js';

export type McpgateConfig = {
  [section in keyof typeof CONFIG_SCHEMA]?: Record<string, unknown>;
};

export class ConfigError extends Error {}

const CACHE_MODES = ['off', 'read', 'write', 'refresh'];

function checkValue(kind: ValueKind, value: unknown): string | undefined {
  switch (kind) {
    case 'string':
      return typeof value === 'string' && value !== '' ? undefined : 'a non-empty string';
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'true or false';
    case 'positive-integer':
      return Number.isInteger(value) && (value as number) > 0 ? undefined : 'a positive integer';
    case 'fraction':
      return typeof value === 'number' && value > 0 && value <= 1 ? undefined : 'a number above 0 and at most 1';
    case 'string-list':
      return Array.isArray(value) && value.every((v) => typeof v === 'string') ? undefined : 'a list of strings';
    case 'string-map':
      return value && typeof value === 'object' && !Array.isArray(value) && Object.values(value).every((v) => typeof v === 'string') ? undefined : 'a mapping of names to strings';
    case 'cache-mode':
      return CACHE_MODES.includes(value as string) ? undefined : CACHE_MODES.join(', ');
    case 'format-list':
      return Array.isArray(value) && value.every((v) => (REPORT_FORMATS as readonly unknown[]).includes(v)) ? undefined : `a list of ${REPORT_FORMATS.join(', ')}`;
  }
}

/** `${VAR}` in strings is replaced from the environment; an unset variable is an error naming it. */
function interpolate(value: unknown, env: NodeJS.ProcessEnv, where: () => string): unknown {
  if (typeof value === 'string') {
    return value.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_m, name: string) => {
      const resolved = env[name];
      if (resolved === undefined) throw new ConfigError(`${where()}: environment variable ${name} is not set (export it, or remove the reference)`);
      return resolved;
    });
  }
  if (Array.isArray(value)) return value.map((v) => interpolate(v, env, where));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolate(v, env, where)]));
  return value;
}

export function parseConfig(text: string, file: string, env: NodeJS.ProcessEnv = process.env): McpgateConfig {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false });
  if (doc.errors.length > 0) {
    const error = doc.errors[0]!;
    const pos = error.linePos?.[0];
    throw new ConfigError(`${file}${pos ? `:${pos.line}:${pos.col}` : ''}: not valid YAML: ${error.message.split('\n')[0]}`);
  }
  const data = doc.toJS() as unknown;
  if (data === null || data === undefined) throw new ConfigError(`${file}: the file is empty; run \`mcpgate init\` for a commented example`);
  if (typeof data !== 'object' || Array.isArray(data)) throw new ConfigError(`${file}:1: expected a mapping of sections (${Object.keys(CONFIG_SCHEMA).join(', ')})`);
  const problems: string[] = [];
  const at = (path: string[], key = true): string => {
    const pos = (key ? keyPosition : valuePosition)(doc, lines, path);
    return `${file}:${pos.line}:${pos.col}`;
  };
  for (const [section, body] of Object.entries(data as Record<string, unknown>)) {
    const spec = CONFIG_SCHEMA[section];
    if (!spec) {
      problems.push(`${at([section])}: "${section}" is not a section (${didYouMean(section, Object.keys(CONFIG_SCHEMA))})`);
      continue;
    }
    if (!body || typeof body !== 'object' || Array.isArray(body)) {
      problems.push(`${at([section], false)}: ${section} must be a mapping (${spec.doc})`);
      continue;
    }
    for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
      const keySpec = spec.keys[key];
      if (!keySpec) {
        problems.push(`${at([section, key])}: ${section}.${key} is not a key (${didYouMean(key, Object.keys(spec.keys))})`);
        continue;
      }
      const expected = checkValue(keySpec.kind, value);
      if (expected) problems.push(`${at([section, key], false)}: ${section}.${key} must be ${expected} (${keySpec.doc})`);
    }
  }
  const server = (data as McpgateConfig).server;
  if (!server || (server.url === undefined) === (server.stdio === undefined)) {
    problems.push(`${at(server ? ['server'] : [])}: server needs exactly one of url or stdio`);
  }
  if (problems.length > 0) throw new ConfigError(problems.slice(0, 10).join('\n'));
  return interpolate(data, env, () => file) as McpgateConfig;
}

export function loadConfig(file: string, env: NodeJS.ProcessEnv = process.env): McpgateConfig {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ConfigError(code === 'ENOENT' ? `${file} not found: run \`mcpgate init\` to create one, or pass --config FILE` : `cannot read ${file}: ${(error as Error).message}`);
  }
  return parseConfig(text, file, env);
}

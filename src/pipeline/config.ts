/**
 * Loads mcpgate.yaml: read and parsed by the shared YAML loader, `${VAR}` values filled in from the
 * environment, then checked against the schema. Every problem names the file, line and column, the
 * key, and what to write instead; together they are one FileProblemsError (exit code 2).
 */

import { existsSync } from 'node:fs';
import { parseYamlFile, readUserFile, type YamlFile } from '../shared/yaml/load.js';
import type { PathSegment } from '../shared/yaml/locate.js';
import { FileProblemsError, type FileProblem } from '../shared/yaml/problems.js';
import { configProblems } from './config-issues.js';
import { interpolateEnv } from './config-env.js';
import { CONFIG_SCHEMA, SECTION_NAMES, type McpgateConfig } from './config-schema.js';

/** Keys that would reach an object's prototype if any code ever copied the data into a plain object. */
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

function unsafeKeys(yaml: YamlFile): FileProblem[] {
  const problems: FileProblem[] = [];
  const visit = (value: unknown, path: PathSegment[]): void => {
    if (Array.isArray(value)) value.forEach((item, index) => visit(item, [...path, index]));
    else if (value !== null && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (UNSAFE_KEYS.has(key))
          problems.push({
            file: yaml.file,
            ...yaml.keyAt([...path, key]),
            message: `"${key}" is not allowed as a key`,
            fix: 'rename or remove it',
          });
        else visit(inner, [...path, key]);
      }
    }
  };
  visit(yaml.data, []);
  return problems;
}

function byPosition(a: FileProblem, b: FileProblem): number {
  return (a.line ?? 0) - (b.line ?? 0) || (a.col ?? 0) - (b.col ?? 0);
}

export function parseConfig(text: string, file: string, env: NodeJS.ProcessEnv = process.env): McpgateConfig {
  const yaml = parseYamlFile(text, file);
  if (yaml.data === null || yaml.data === undefined) {
    throw new FileProblemsError(file, [{ file, message: 'the file is empty', fix: 'run `mcpgate init` for a commented example' }]);
  }
  if (typeof yaml.data !== 'object' || Array.isArray(yaml.data)) {
    throw new FileProblemsError(file, [{ file, line: 1, col: 1, message: `expected a mapping of sections (${SECTION_NAMES.join(', ')})` }]);
  }
  const unsafe = unsafeKeys(yaml);
  if (unsafe.length > 0) throw new FileProblemsError(file, unsafe);
  const { data, problems } = interpolateEnv(yaml, env);
  const parsed = CONFIG_SCHEMA.safeParse(data, { reportInput: true });
  if (!parsed.success) problems.push(...parsed.error.issues.flatMap((issue) => configProblems(yaml, issue)));
  if (problems.length > 0 || !parsed.success) throw new FileProblemsError(file, problems.sort(byPosition));
  return parsed.data;
}

export function loadConfig(file: string, env: NodeJS.ProcessEnv = process.env): McpgateConfig {
  if (!existsSync(file)) {
    throw new FileProblemsError(file, [
      { file, message: 'no such configuration file', fix: 'run `mcpgate init` to write one, or pass --config FILE' },
    ]);
  }
  return parseConfig(readUserFile(file, { what: 'configuration', namedBy: '--config' }), file, env);
}

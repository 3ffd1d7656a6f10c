/**
 * Loads mcpgate.yaml through the one loader of user files: `${VAR}` values filled in from the
 * environment, then checked against the schema. Every problem names the file, line and column, the
 * key, and what to write instead; together they are one FileProblemsError (exit code 2).
 */

import { existsSync } from 'node:fs';
import { loadUserFile, parseUserFile, type UserFileSpec } from '../shared/user-files/user-file.js';
import { FileProblemsError } from '../shared/yaml/problems.js';
import { interpolateEnv } from './config-env.js';
import { CONFIG_SCHEMA, type McpgateConfig } from './config-schema.js';

export const CONFIG_FILE: UserFileSpec<typeof CONFIG_SCHEMA> = {
  name: 'mcpgate',
  title: 'mcpgate.yaml',
  schema: CONFIG_SCHEMA,
  role: { what: 'configuration', namedBy: '--config' },
  whenEmpty: 'run `mcpgate init` for a commented example',
};

function withEnv(env: NodeJS.ProcessEnv): UserFileSpec<typeof CONFIG_SCHEMA> {
  return { ...CONFIG_FILE, prepare: (yaml) => interpolateEnv(yaml, env) };
}

export function parseConfig(text: string, file: string, env: NodeJS.ProcessEnv = process.env): McpgateConfig {
  return parseUserFile(withEnv(env), text, file).value;
}

export function loadConfig(file: string, env: NodeJS.ProcessEnv = process.env): McpgateConfig {
  if (!existsSync(file)) {
    throw new FileProblemsError(file, [
      { file, message: 'no such configuration file', fix: 'run `mcpgate init` to write one, or pass --config FILE' },
    ]);
  }
  return loadUserFile(withEnv(env), file).value;
}

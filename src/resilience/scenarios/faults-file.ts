/**
 * Reads a faults file through the one loader of user files: all problems at once with file:line:col.
 * Which tools exist is known only once the server is reached; checkFaultTools runs then.
 */

import type { z } from 'zod';
import { loadUserFile, parseUserFile, type UserFile, type UserFileSpec } from '../../shared/user-files/user-file.js';
import { FileProblemsError } from '../../shared/yaml/problems.js';
import { FAULTS_SCHEMA } from './faults-schema.js';
import type { FaultsFile } from './types.js';

/** The faults file's own error type: every problem of the file, each with its position. */
export class FaultsFileError extends FileProblemsError {}

export const FAULTS_FILE: UserFileSpec<typeof FAULTS_SCHEMA> = {
  name: 'faults',
  title: 'mcpgate faults file',
  schema: FAULTS_SCHEMA,
  role: { what: 'faults file', namedBy: '--faults' },
  whenEmpty: 'write "scenarios:" and/or "injections:" lists (docs/faults.md)',
  entries: [
    { list: ['scenarios'], noun: 'scenario', id: 'id' },
    { list: ['injections'], noun: 'injection', id: 'id' },
  ],
  error: FaultsFileError,
};

export function loadFaultsFile(file: string): FaultsFile {
  return withSources(loadUserFile(FAULTS_FILE, file), file);
}

export function parseFaultsFile(text: string, file: string): FaultsFile {
  return withSources(parseUserFile(FAULTS_FILE, text, file), file);
}

function withSources({ value, yaml }: UserFile<z.output<typeof FAULTS_SCHEMA>>, file: string): FaultsFile {
  const written = (list: 'scenarios' | 'injections', i: number) => {
    const tool = yaml.valueAt([list, i, 'tool']);
    return { source: `${file}:${yaml.valueAt([list, i]).line}`, toolSource: `${file}:${tool.line}:${tool.col}` };
  };
  return {
    file,
    scenarios: value.scenarios.map((scenario, i) => ({ ...scenario, ...written('scenarios', i) })),
    injections: value.injections.map((injection, i) => ({ ...injection, ...written('injections', i) })),
  };
}

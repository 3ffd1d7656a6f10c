/** Reads a golden file through the one loader of user files: all problems at once, each at its file:line:col. */

import { loadUserFile, parseUserFile, type UserFile, type UserFileSpec } from '../../shared/user-files/user-file.js';
import { FileProblemsError } from '../../shared/yaml/problems.js';
import type { z } from 'zod';
import type { GoldenSet } from '../types.js';
import { GOLDEN_SET_SCHEMA } from './set-schema.js';

/** The golden-set loader's error: every problem of the file, each with its position. */
export class GoldenSetError extends FileProblemsError {}

const WHAT_TO_WRITE = 'write a list of cases, or a mapping with "cases:" and optional "defaults:"';

export const GOLDEN_FILE: UserFileSpec<typeof GOLDEN_SET_SCHEMA> = {
  name: 'golden',
  title: 'mcpgate golden set',
  schema: GOLDEN_SET_SCHEMA,
  role: { what: 'golden set', namedBy: '--golden' },
  whenEmpty: WHAT_TO_WRITE,
  entries: [
    { list: [], noun: 'case', id: 'id' },
    { list: ['cases'], noun: 'case', id: 'id' },
  ],
  error: GoldenSetError,
};

export function loadGoldenSet(file: string): GoldenSet {
  return withSources(loadUserFile(GOLDEN_FILE, file), file);
}

export function parseGoldenSet(text: string, file: string): GoldenSet {
  return withSources(parseUserFile(GOLDEN_FILE, text, file), file);
}

/** Each case with the line it starts on, for messages: `file:line`. */
function withSources({ value, yaml }: UserFile<z.output<typeof GOLDEN_SET_SCHEMA>>, file: string): GoldenSet {
  const list = Array.isArray(yaml.data) ? [] : ['cases'];
  return { file, cases: value.map((golden, index) => ({ ...golden, source: `${file}:${yaml.valueAt([...list, index]).line}` })) };
}

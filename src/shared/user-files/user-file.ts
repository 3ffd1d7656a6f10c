/**
 * The one way mcpgate reads a file a user writes: read within the cap, parsed by the shared YAML
 * loader, unsafe keys refused, then checked against the file's zod schema. Every problem of the file
 * comes at once, in file order, each at its `file:line:col`, as one FileProblemsError (exit code 2).
 * The value is the schema's output, so a file's types are the schema's and nothing is cast.
 */

import type { z } from 'zod';
import { parseYamlFile, readUserFile, type FileRole, type YamlFile } from '../yaml/load.js';
import { FileProblemsError, type FileProblem } from '../yaml/problems.js';
import type { EntryRule } from './entries.js';
import { issueProblems } from './issues.js';
import { unsafeKeys } from './unsafe-keys.js';

export type ProblemsErrorType = new (file: string, problems: readonly FileProblem[]) => FileProblemsError;

export interface UserFileSpec<S extends z.ZodType> {
  /** The file's name for its published JSON Schema (docs/schemas/NAME.schema.json): "golden". */
  name: string;
  /** The JSON Schema's title: "mcpgate golden set". */
  title: string;
  schema: S;
  role: FileRole;
  /** What to write in an empty file. */
  whenEmpty: string;
  /** The entries problems are told by (`case "paris": ...`). */
  entries?: readonly EntryRule[];
  /** The file kind's own error type (GoldenSetError, ...). */
  error?: ProblemsErrorType;
  /** Fills in the data before the schema sees it (mcpgate.yaml's `${VAR}`); its problems join the schema's. */
  prepare?: (yaml: YamlFile) => { data: unknown; problems: FileProblem[] };
  /** What can always be done about a problem of this file, added to each that has no fix of its own. */
  recover?: string;
}

export interface UserFile<T> {
  value: T;
  /** The parsed document, for positions the value does not keep (a case's line). */
  yaml: YamlFile;
}

function byPosition(a: FileProblem, b: FileProblem): number {
  return (a.line ?? 0) - (b.line ?? 0) || (a.col ?? 0) - (b.col ?? 0);
}

function failure<S extends z.ZodType>(spec: UserFileSpec<S>, file: string, problems: readonly FileProblem[]): FileProblemsError {
  const sorted = [...problems]
    .sort(byPosition)
    .map((problem) => (problem.fix || !spec.recover ? problem : { ...problem, fix: spec.recover }));
  return new (spec.error ?? FileProblemsError)(file, sorted);
}

function underOwnError<S extends z.ZodType, T>(spec: UserFileSpec<S>, work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof FileProblemsError) throw failure(spec, error.file, error.problems);
    throw error;
  }
}

export function parseUserFile<S extends z.ZodType>(spec: UserFileSpec<S>, text: string, file: string): UserFile<z.output<S>> {
  const yaml = underOwnError(spec, () => parseYamlFile(text, file));
  if (yaml.data === null || yaml.data === undefined)
    throw failure(spec, file, [{ file, line: 1, col: 1, message: `the ${spec.role.what} is empty`, fix: spec.whenEmpty }]);
  const unsafe = unsafeKeys(yaml);
  if (unsafe.length > 0) throw failure(spec, file, unsafe);
  const { data, problems } = spec.prepare ? spec.prepare(yaml) : { data: yaml.data, problems: [] };
  const parsed = spec.schema.safeParse(data, { reportInput: true });
  if (!parsed.success)
    problems.push(...issueProblems({ yaml, schema: spec.schema, entries: spec.entries ?? [], what: spec.role.what }, parsed.error.issues));
  if (problems.length > 0 || !parsed.success) throw failure(spec, file, problems);
  return { value: parsed.data, yaml };
}

export function loadUserFile<S extends z.ZodType>(spec: UserFileSpec<S>, file: string): UserFile<z.output<S>> {
  return parseUserFile(
    spec,
    underOwnError(spec, () => readUserFile(file, spec.role)),
    file,
  );
}

/**
 * The one loader for files the user writes in YAML (or JSON, which YAML reads): the file is read, its
 * syntax checked, and the parsed document kept beside the data so every later problem can name its
 * line and column. Aliases are bounded, so an alias bomb is a syntax problem rather than a hang.
 */

import { MAX_USER_FILE_BYTES, readBounded, USER_FILE } from '../files.js';
import { LineCounter, parseDocument, type Document } from 'yaml';
import { keyPosition, valuePosition, type PathSegment, type Position } from './locate.js';
import { FileProblemsError, type FileProblem } from './problems.js';

/** More aliases than any hand-written file uses; a billion-laughs document needs far more. */
const MAX_ALIASES = 1_000;

/** The cap on a YAML file the user hands mcpgate; it is read by the one bounded reader (shared/files.ts). */
export { MAX_USER_FILE_BYTES };
const MiB = 1024 * 1024;

export interface YamlFile {
  file: string;
  doc: Document;
  lines: LineCounter;
  data: unknown;
  /** Where the key (for an unknown or misplaced key) or the value at `path` is written. */
  keyAt: (path: readonly PathSegment[]) => Position;
  valueAt: (path: readonly PathSegment[]) => Position;
}

/** What the file is, for messages: its name in prose and the flag or key that named it. */
export interface FileRole {
  what: string;
  namedBy: string;
}

export function readUserFile(file: string, role: FileRole): string {
  const read = readBounded(file, USER_FILE);
  if ('bytes' in read) return read.bytes.toString('utf8');
  if (read.refused === 'too-large') {
    const cap = `${MAX_USER_FILE_BYTES / MiB} MiB`;
    const message = `the ${role.what} is larger than ${cap}, mcpgate's cap for a file it reads (MAX_USER_FILE_BYTES)`;
    throw new FileProblemsError(file, [{ file, message, fix: `check the ${role.namedBy} path, or split the file` }]);
  }
  throw new FileProblemsError(file, [
    { file, message: `cannot read the ${role.what}: ${read.cause}`, fix: `check the ${role.namedBy} path` },
  ]);
}

export function parseYamlFile(text: string, file: string): YamlFile {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: true, uniqueKeys: true });
  if (doc.errors.length > 0)
    throw new FileProblemsError(
      file,
      doc.errors.map((error) => syntaxProblem(file, error)),
    );
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: MAX_ALIASES });
  } catch (error) {
    throw new FileProblemsError(file, [
      { file, line: 1, col: 1, message: `YAML alias problem: ${(error as Error).message.split('\n')[0]}` },
    ]);
  }
  return {
    file,
    doc,
    lines,
    data,
    keyAt: (path) => keyPosition(doc, lines, path),
    valueAt: (path) => valuePosition(doc, lines, path),
  };
}

function syntaxProblem(file: string, error: { message: string; linePos?: [{ line: number; col: number }, ...unknown[]] }): FileProblem {
  // yaml appends " at line L, column C:" and a source excerpt; the position goes in front instead.
  const message = (error.message.split('\n')[0] ?? error.message).replace(/ at line \d+, column \d+:?$/, '');
  const start = error.linePos?.[0];
  return { file, line: start?.line ?? 1, col: start?.col ?? 1, message: `YAML syntax error: ${message}` };
}

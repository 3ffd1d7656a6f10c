/** Reads a golden file: YAML syntax, then the schema, then the semantic rules; all problems at once. */

import { readFileSync } from 'node:fs';
import { LineCounter, parseDocument } from 'yaml';
import type { GoldenSet } from '../types.js';
import { casesPath, isRecord, rawCases, type LoadContext } from './context.js';
import { GoldenSetError, type GoldenProblem } from '../../shared/yaml/problems.js';
import { valuePosition } from '../../shared/yaml/locate.js';
import { checkSchema } from './schema-check.js';
import { checkSemantics } from './semantic-checks.js';
import { toGoldenCase, type RawDefaults } from './to-case.js';

export function loadGoldenSet(file: string): GoldenSet {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : (error as Error).message;
    throw new GoldenSetError(file, [{ file, message: `cannot read the golden set: ${reason}`, fix: 'check the --golden path' }]);
  }
  return parseGoldenSet(text, file);
}

export function parseGoldenSet(text: string, file: string): GoldenSet {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: true });
  if (doc.errors.length > 0) throw new GoldenSetError(file, doc.errors.map((error) => syntaxProblem(file, error)));

  const ctx: LoadContext = { file, doc, lines, data: doc.toJS(), problems: [] };
  checkSchema(ctx);
  checkSemantics(ctx);
  if (ctx.problems.length > 0) throw new GoldenSetError(file, sortByPosition(ctx.problems));

  const defaults = (isRecord(ctx.data) && isRecord(ctx.data.defaults) ? ctx.data.defaults : {}) as RawDefaults;
  const prefix = casesPath(ctx.data);
  const cases = rawCases(ctx.data).map((raw, index) => {
    const line = valuePosition(doc, lines, [...prefix, index]).line;
    return toGoldenCase(raw as Record<string, unknown>, defaults, `${file}:${line}`);
  });
  return { file, cases };
}

function syntaxProblem(file: string, error: { message: string; linePos?: [{ line: number; col: number }, ...unknown[]] }): GoldenProblem {
  // yaml appends " at line L, column C:" and a source excerpt; the position goes in front instead.
  const message = (error.message.split('\n')[0] ?? error.message).replace(/ at line \d+, column \d+:?$/, '');
  const start = error.linePos?.[0];
  return { file, line: start?.line ?? 1, col: start?.col ?? 1, message: `YAML syntax error: ${message}` };
}

/** Problems in file order, so the first line of the message is the first thing to fix. */
function sortByPosition(problems: GoldenProblem[]): GoldenProblem[] {
  return [...problems].sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.col ?? 0) - (b.col ?? 0));
}

/** Reads a golden file: YAML syntax, then the schema, then the semantic rules; all problems at once. */

import type { GoldenSet } from '../types.js';
import { casesPath, isRecord, rawCases, type LoadContext } from './context.js';
import { asProblemsOf, type FileProblem } from '../../shared/yaml/problems.js';
import { parseYamlFile, readUserFile } from '../../shared/yaml/load.js';
import { GoldenSetError } from './errors.js';
import { valuePosition } from '../../shared/yaml/locate.js';
import { checkSchema } from './schema-check.js';
import { checkSemantics } from './semantic-checks.js';
import { toGoldenCase, type RawDefaults } from './to-case.js';

export function loadGoldenSet(file: string): GoldenSet {
  return parseGoldenSet(
    asProblemsOf(GoldenSetError, () => readUserFile(file, { what: 'golden set', namedBy: '--golden' })),
    file,
  );
}

export function parseGoldenSet(text: string, file: string): GoldenSet {
  const { doc, lines, data } = asProblemsOf(GoldenSetError, () => parseYamlFile(text, file));
  const ctx: LoadContext = { file, doc, lines, data, problems: [] };
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

/** Problems in file order, so the first line of the message is the first thing to fix. */
function sortByPosition(problems: FileProblem[]): FileProblem[] {
  return [...problems].sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.col ?? 0) - (b.col ?? 0));
}

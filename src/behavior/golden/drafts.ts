/**
 * Drafted cases (`draft: true`: what `mcpgate init` writes, or a tool that drafts cases from a server's
 * tools) hold placeholder prompts. Scored as if real, they would make a pass rate mean nothing, so
 * they are refused until a person edits them, or skipped with a warning under an explicit allowance.
 */

import type { GoldenCase, GoldenSet } from '../types.js';
import { FileProblemsError, type FileProblem } from '../../shared/yaml/problems.js';
import { usageError } from '../../shared/input-error.js';

const FIX = 'edit the case and remove "draft: true", or pass --allow-drafts (eval.allow_drafts: true) to skip drafts';

/** One line per drafted case, every one listed: the user edits them all before the run can go on. */
export class DraftCasesError extends FileProblemsError {
  constructor(file: string, drafts: readonly GoldenCase[]) {
    const problems: FileProblem[] = drafts.map((golden) => {
      const line = Number(golden.source.slice(golden.source.lastIndexOf(':') + 1));
      return { file, line, col: 1, entry: `case ${JSON.stringify(golden.id)}`, message: 'is a draft and is not run until edited' };
    });
    super(file, problems);
    this.name = 'DraftCasesError';
    this.message = [...problems.map((p) => `${p.file}:${p.line}: ${p.entry} ${p.message}`), `mcpgate: ${FIX}`].join('\n');
  }
}

/** The cases to run: the set itself when it has no drafts; without them (and a warning each) when allowed. */
export function withoutDrafts(set: GoldenSet, allowDrafts: boolean, onWarning: (warning: string) => void): GoldenSet {
  const drafts = set.cases.filter((golden) => golden.draft === true);
  if (drafts.length === 0) return set;
  if (!allowDrafts) throw new DraftCasesError(set.file, drafts);
  const cases = set.cases.filter((golden) => golden.draft !== true);
  if (cases.length === 0) throw usageError(`every case of ${set.file} is a draft: edit at least one and remove its "draft: true"`);
  for (const golden of drafts)
    onWarning(`skipped draft case "${golden.id}" (${golden.source}): edit it and remove "draft: true" to run it`);
  return { ...set, cases };
}

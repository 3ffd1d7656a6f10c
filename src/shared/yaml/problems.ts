/**
 * Problems found in a file the user wrote (golden set, faults file, mcpgate.yaml, pins, ...), each with its
 * position, and the one error that lists them. It is an input error: exit code 2, no stack trace.
 */

import { EXIT } from '../exit-codes.js';
import { InputError } from '../input-error.js';
import { plural } from '../plural.js';

export interface FileProblem {
  file: string;
  /** 1-based; absent when the problem has no position (an unreadable file). */
  line?: number;
  col?: number;
  /** The entry of the file the problem is in, as messages name it: `case "paris"`, `scenario 2`. */
  entry?: string;
  /** What is wrong. */
  message: string;
  /** How to fix it, when that is known. */
  fix?: string;
}

/** Enough to act on without drowning the first problem in a long list. */
const MAX_LISTED = 10;

export function formatProblem(problem: FileProblem): string {
  const where = problem.line === undefined ? problem.file : `${problem.file}:${problem.line}:${problem.col ?? 1}`;
  const entry = problem.entry === undefined ? '' : `${problem.entry}: `;
  const fix = problem.fix ? ` (${problem.fix})` : '';
  return `${where}: ${entry}${problem.message}${fix}`;
}

/** Every problem of one file, in file order, at most MAX_LISTED of them on their own lines. */
export class FileProblemsError extends InputError {
  readonly file: string;
  readonly problems: readonly FileProblem[];

  constructor(file: string, problems: readonly FileProblem[]) {
    const listed = problems.slice(0, MAX_LISTED).map(formatProblem);
    const more = problems.length - listed.length;
    if (more > 0) listed.push(`... and ${plural(more, 'more problem')} in ${file}`);
    super(listed.join('\n'), EXIT.usage);
    this.name = new.target.name;
    this.file = file;
    this.problems = problems;
  }
}

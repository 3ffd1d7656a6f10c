/** The one error the golden-set loader throws, listing every problem found with its position. */

export interface GoldenProblem {
  file: string;
  /** 1-based; absent when the problem has no position (an unreadable file). */
  line?: number;
  col?: number;
  /** The id of the case the problem is in, when there is one. */
  caseId?: string;
  /** What is wrong. */
  message: string;
  /** How to fix it, when that is known. */
  fix?: string;
}

/** Enough to act on without drowning the first problem in a long list. */
const MAX_LISTED = 10;

export function formatProblem(problem: GoldenProblem): string {
  const where = problem.line === undefined ? problem.file : `${problem.file}:${problem.line}:${problem.col ?? 1}`;
  const inCase = problem.caseId === undefined ? '' : `case "${problem.caseId}": `;
  const fix = problem.fix ? ` (${problem.fix})` : '';
  return `${where}: ${inCase}${problem.message}${fix}`;
}

export class GoldenSetError extends Error {
  readonly file: string;
  readonly problems: readonly GoldenProblem[];

  constructor(file: string, problems: readonly GoldenProblem[]) {
    const listed = problems.slice(0, MAX_LISTED).map(formatProblem);
    const more = problems.length - listed.length;
    if (more > 0) listed.push(`... and ${more} more problem${more === 1 ? '' : 's'} in ${file}`);
    super(listed.join('\n'));
    this.name = 'GoldenSetError';
    this.file = file;
    this.problems = problems;
  }
}

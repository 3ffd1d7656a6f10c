/** The documented exit codes (README, "Exit codes"): part of mcpgate's interface, so defined once. */

export const EXIT = {
  pass: 0,
  gateFailed: 1,
  usage: 2,
  unreachable: 3,
  missingCredentials: 4,
  inconclusive: 5,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

const BADGES: Record<ExitCode, string> = {
  0: 'PASS',
  1: 'FAIL',
  2: 'CONFIG ERROR',
  3: 'UNREACHABLE',
  4: 'NO CREDENTIALS',
  5: 'INCONCLUSIVE',
};

/** The word a report's badge shows for an exit code. */
export function exitBadge(code: number): string {
  return BADGES[code as ExitCode] ?? `EXIT ${code}`;
}

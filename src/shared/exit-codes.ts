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

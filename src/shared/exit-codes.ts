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

/** What each exit code means, for the reference page (docs/reference/cli.md). */
export const EXIT_MEANINGS: Record<ExitCode, string> = {
  0: 'every MUST check passed (SHOULD violations are warnings unless `--strict`), and every layer that ran passed',
  1: 'a check failed, or the expected-failures file has stale entries; an eval case is below its floor; a chaos probe, high-severity finding, pin drift or scenario failed; the gate failed; `overlap --fail-above` found a pair that close; `improve` accepted no rewrite while confusions remain',
  2: 'usage or configuration error: a bad flag or URL, a problem in mcpgate.yaml, the golden set or another file mcpgate read (each named with file:line:col and the fix), drafted golden cases not yet edited, an unknown provider',
  3: 'server unreachable, not MCP, or not a 2026-07-28 server (legacy only); with `server.start`, also a port another process already held, or a server that exited before its URL answered or during the run. A run that ends with 3 is not recorded in the history',
  4: "missing credentials: the server answered 401, or a model's API key is not set, or a provider rejected it; the line names the variable to fix",
  5: "inconclusive: mcpgate could not run some checks or score some cases, a MUST check met one of mcpgate's own limits (the check names it), `improve` tested no proposal, or an internal error; never green",
};

/** Not an exit code of mcpgate's own choosing: the shell's convention for a signal, listed with the others. */
export const INTERRUPTED_MEANING =
  'interrupted by Ctrl-C (143 for SIGTERM or SIGHUP): every server process group mcpgate started is ended first; no report is written';

/** The word a report's badge shows for an exit code. */
export function exitBadge(code: number): string {
  return BADGES[code as ExitCode] ?? `EXIT ${code}`;
}

/** What every command prints besides its report: warnings on stderr, one line each. */

export function warnOnStderr(warning: string): void {
  process.stderr.write(`mcpgate: warning: ${warning}\n`);
}

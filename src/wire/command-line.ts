/**
 * Splits a `--stdio "COMMAND ARGS"` string into argv without a shell, so mcpgate owns the process
 * it spawns (a shell in between would survive a kill and leave the server running).
 */

export function splitCommandLine(line: string): string[] {
  const args: string[] = [];
  let current = '';
  let inToken = false;
  let quote: '"' | "'" | null = null;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quote) {
      if (ch === quote) quote = null;
      else if (ch === '\\' && quote === '"' && (line[i + 1] === '"' || line[i + 1] === '\\')) current += line[++i];
      else current += ch;
      continue;
    }
    if (ch === '"' || ch === "'") {
      quote = ch;
      inToken = true;
    } else if (ch === '\\' && i + 1 < line.length) {
      current += line[++i];
      inToken = true;
    } else if (/\s/.test(ch)) {
      if (inToken) args.push(current);
      current = '';
      inToken = false;
    } else {
      current += ch;
      inToken = true;
    }
  }
  if (quote) throw new Error(`unterminated ${quote} quote in command: ${line}`);
  if (inToken) args.push(current);
  return args;
}

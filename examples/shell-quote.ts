/** A command line a POSIX shell splits back into exactly the given arguments, for commands that are echoed to be pasted. */

const PLAIN = /^[A-Za-z0-9_@%+=:,./-]+$/;

export function shellQuote(arg: string): string {
  if (PLAIN.test(arg)) return arg;
  // Inside single quotes nothing is special but the quote itself, which is closed, escaped and reopened.
  return `'${arg.replace(/'/g, `'\\''`)}'`;
}

export function shellLine(args: readonly string[]): string {
  return args.map(shellQuote).join(' ');
}

/**
 * The expected-failures file: check ids a team knowingly fails, so it can adopt the gate on a server
 * with known gaps. Plain text, one id per line; `#` starts a comment; a leading `- ` is allowed so
 * a YAML list works too.
 */

import { readFileSync } from 'node:fs';

export class ExpectedFailuresError extends Error {}

export function parseExpectedFailures(text: string, knownIds: ReadonlySet<string>, file: string): Set<string> {
  const ids = new Set<string>();
  text.split(/\r?\n/).forEach((rawLine, index) => {
    const line = rawLine
      .replace(/#.*$/, '')
      .trim()
      .replace(/^-\s+/, '')
      .replace(/^["']|["']$/g, '');
    if (line === '') return;
    if (!knownIds.has(line)) {
      throw new ExpectedFailuresError(
        `${file}:${index + 1}: "${line}" is not a check id; run \`mcpgate check --list-checks\` to see the ids`,
      );
    }
    ids.add(line);
  });
  return ids;
}

export function loadExpectedFailures(file: string, knownIds: ReadonlySet<string>): Set<string> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ExpectedFailuresError(
      code === 'ENOENT'
        ? `expected-failures file not found: ${file}`
        : `cannot read expected-failures file ${file}: ${(error as Error).message}`,
    );
  }
  return parseExpectedFailures(text, knownIds, file);
}

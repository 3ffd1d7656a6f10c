/**
 * The expected-failures file: check ids a team knowingly fails, so it can adopt the gate on a server
 * with known gaps. Plain text, one id per line; `#` starts a comment; a leading `- ` is allowed so
 * a YAML list works too.
 */

import { readBounded, USER_FILE } from '../shared/files.js';

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
  const read = readBounded(file, USER_FILE);
  if ('refused' in read) {
    throw new ExpectedFailuresError(
      read.refused === 'missing'
        ? `expected-failures file not found: ${file}`
        : `cannot read expected-failures file ${file}: ${read.cause}`,
    );
  }
  return parseExpectedFailures(read.bytes.toString('utf8'), knownIds, file);
}

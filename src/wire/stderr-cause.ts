/**
 * The stderr line that says why a server died. Node ends a crash with its version banner
 * (`Node.js v20.20.2`) after the stack and the error object's fields, so "the last line" names
 * nothing; the cause is the error line above them (`Error: Cannot find module 'x'`), and in Python
 * the last line of the traceback. Secrets are masked here; escaping is the renderers' job.
 */

import { redact } from '../shared/redact.js';
import { cutAfter } from '../shared/cut.js';

const MAX_CAUSE = 300;

/** Lines a runtime prints around an error that do not say what went wrong. */
const NOISE = [
  /^Node\.js v\d/,
  /^at\s/, // stack frames (trimmed)
  /^\^+$/, // the caret under a code frame
  /^node:internal\//,
  /^[{}[\]]\s*,?$/,
  /^[\w$]+: .*,?$/, // fields of the printed error object: code: 'MODULE_NOT_FOUND',
  /^- /, // Require stack entries
  /^Require stack:$/,
  /^throw\b/,
  /^Emitted 'error' event/,
];

/** A line that names an error: `Error: …`, `TypeError [ERR_X]: …`, `ModuleNotFoundError: …`, `panic: …`. */
const ERROR_LINE = /^(?:[\w.$]*(?:Error|Exception)(?: \[[\w]+\])?:|Uncaught\b|panic:|fatal:|error:)/i;

/**
 * A line that names a well-known cause without starting with an error name, as servers in other
 * languages and loggers print it (`listen tcp :3000: bind: address already in use`).
 */
const KNOWN_CAUSE = /\bE(?:ADDRINUSE|ADDRNOTAVAIL|ACCES|NOENT|PERM)\b|address already in use|cannot find module|permission denied/i;

function namesError(line: string): boolean {
  return ERROR_LINE.test(line) || (KNOWN_CAUSE.test(line) && !NOISE.some((noise) => noise.test(line)));
}

/**
 * `pick`: `first` for a process that died while starting: all it wrote is its start, and what comes
 * after the first error line is the runtime's or a wrapper's epilogue (npm's `Lifecycle script failed`).
 * `last` for one that died after serving a while: earlier error lines are the log of errors it handled.
 */
export function stderrCause(stderr: string, pick: 'first' | 'last' = 'last'): string | undefined {
  const lines = stderr
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const named = lines.filter(namesError);
  const cause =
    (pick === 'first' ? named[0] : named.at(-1)) ?? lines.filter((line) => !NOISE.some((noise) => noise.test(line))).at(-1) ?? lines.at(-1);
  if (cause === undefined) return undefined;
  return redact(cutAfter(cause, MAX_CAUSE));
}

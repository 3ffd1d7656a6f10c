/**
 * The coverage line: one sentence, worded once here, that every format shows beside its summary, so a
 * green verdict cannot hide that layer 0 called 0 of 25 tools. It is plain text; each renderer escapes
 * it for its own syntax like any other report text. Tool names are the server's: each is quoted as a
 * JSON string (with invisible and bidi characters escaped too), so a newline or an ESC in one reads
 * `\n` or `\u001b`, and a `;` in one cannot pass for the line's own punctuation.
 */

import { oneLine } from '../shared/one-line.js';
import type { Coverage, NotCalledReason } from './model.js';
import { hexEscape, replaceHidden, wellFormed } from './terminal-escape.js';
import { cutToFit } from '../shared/cut.js';

const REASON_WORDS: Record<NotCalledReason, string> = {
  destructive: 'destructive',
  'not-annotated': 'not annotated read-only',
  'no-valid-arguments': 'without valid sample arguments',
  cap: 'cut by a cap',
};

/** The contract keeps at most 5 names per reason; a report written otherwise is cut here too. */
export const COVERAGE_NAMES_SHOWN = 5;
/** A tool name is shown whole up to this many characters; a longer one is cut with an ellipsis. */
const NAME_MAX_CHARS = 60;

/** Layer 0 exercised something of everything the server listed, and said nothing could be widened. */
export function coverageComplete(coverage: Coverage): boolean {
  return coverage.widen === undefined && coverage.capped.length === 0;
}

export function coverageLine(coverage: Coverage): string {
  const { tools, resources, resourceTemplates, prompts } = coverage;
  const parts = [
    `tools called ${tools.called} of ${tools.listed}${notCalledClause(coverage)}`,
    `resources read ${resources.read} of ${resources.listed}`,
    `templates read ${resourceTemplates.read} of ${resourceTemplates.listed}`,
    `prompts got ${prompts.got} of ${prompts.listed}`,
    `MRTR subjects ${coverage.mrtrSubjects}`,
    `progress subjects ${coverage.progressSubjects}`,
  ];
  const capped = coverage.capped.length > 0 ? ` Capped: ${coverage.capped.map(withoutStop).join('; ')}.` : '';
  const widen = coverage.widen === undefined ? '' : ` Widen it: ${withoutStop(coverage.widen)}.`;
  return `coverage: ${parts.join('; ')}.${capped}${widen}`;
}

/** `(22 not annotated read-only: "search", "fetch", …; 3 destructive: "drop")`, or nothing when every tool was called. */
function notCalledClause(coverage: Coverage): string {
  const groups = coverage.tools.notCalled
    .filter((group) => group.count > 0)
    .map((group) => {
      const names = group.names.slice(0, COVERAGE_NAMES_SHOWN).map(quotedName);
      const more = group.count > names.length ? ', …' : '';
      return `${group.count} ${REASON_WORDS[group.reason]}${names.length > 0 ? `: ${names.join(', ')}${more}` : ''}`;
    });
  return groups.length > 0 ? ` (${groups.join('; ')})` : '';
}

/*
 * JSON.stringify escapes C0 controls, quotes and backslashes; the rest of terminal-escape.ts's set it
 * leaves as it is, and that would hide or reorder text in some format.
 */

function quotedName(name: string): string {
  const shown = cutToFit(name, NAME_MAX_CHARS);
  return replaceHidden(JSON.stringify(wellFormed(shown)), (_c, codePoint) => hexEscape(codePoint));
}

/** The line stays one line and adds its own full stops; an entry that brings one must not double it. */
function withoutStop(text: string): string {
  return oneLine(text).replace(/\.+$/, '');
}

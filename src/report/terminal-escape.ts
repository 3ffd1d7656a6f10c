/**
 * Escaping for text from outside (the server, a golden file, a report file) on a terminal or in a CI
 * log. Such text could recolour or rewrite the terminal (control characters), reorder what the reader
 * sees (bidi overrides), hide text (zero-width and other invisible characters), or start a line of its
 * own and pose as mcpgate's output (`✓ all checks passed`) or as a CI workflow command (`::add-mask::`).
 * So it is shown on one line, with every such character as a visible escape.
 *
 * The set of characters is defined here once; every other output (Markdown, HTML, JUnit, JSON, the
 * drafted YAML) shows the same set, each in its own syntax, through `replaceHidden`.
 */

/*
 * C0 and C1 controls (newline and tab included) and DEL; the soft hyphen, the combining grapheme
 * joiner, the Arabic letter mark, the Hangul and Khmer fillers, the Mongolian vowel separator and
 * variation selectors; zero-width characters, bidi marks, embeddings, overrides and isolates, the
 * line and paragraph separators, the invisible operators and deprecated format characters
 * (U+2060-U+206F); variation selectors (U+FE00-U+FE0F and the supplement), the BOM, the Hangul
 * half-width filler, the interlinear annotation characters (U+FFF9-U+FFFB); the tag block
 * (U+E0000-U+E007F, which spells hidden ASCII); lone UTF-16 surrogates.
 */
const HIDDEN_BEYOND_C0 = String.raw`\u007f-\u009f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u2028-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff9-\ufffb\ud800-\udfff\u{e0000}-\u{e007f}\u{e0100}-\u{e01ef}`;
const HIDDEN = new RegExp(`[\\u0000-\\u001f${HIDDEN_BEYOND_C0}]`, 'gu');
/** The set without the C0 controls, for JSON text: JSON.stringify escapes every C0 inside a string, so a raw one is layout. */
const HIDDEN_IN_JSON = new RegExp(`[${HIDDEN_BEYOND_C0}]`, 'gu');

/** With the `u` flag a surrogate range matches only a lone one: a pair is one astral code point. */
const LONE_SURROGATE = /[\ud800-\udfff]/gu;

/**
 * A lone surrogate is not a character: no UTF-8 encoder can write it, and strict readers of JSON and
 * SARIF (GitHub code scanning among them) refuse a file that escapes one. Every output shows it as
 * U+FFFD, the replacement character, which is what a UTF-8 encoder would write in its place anyway.
 */
export const REPLACEMENT_CHARACTER = '\ufffd';

/** Every character of the set replaced by what `show` makes of it; a lone surrogate always by U+FFFD. */
export function replaceHidden(text: string, show: (char: string, codePoint: number) => string): string {
  return replaceIn(text, HIDDEN, show);
}

/**
 * replaceHidden for text written by JSON.stringify, whose raw C0 controls are its indentation's line
 * breaks (every one inside a string is escaped): those are left alone, so a large report's text is not
 * rebuilt for its newlines.
 */
export function replaceHiddenInJson(text: string, show: (char: string, codePoint: number) => string): string {
  return replaceIn(text, HIDDEN_IN_JSON, show);
}

function replaceIn(text: string, set: RegExp, show: (char: string, codePoint: number) => string): string {
  return text.replace(set, (c) => {
    const codePoint = c.codePointAt(0)!;
    return codePoint >= 0xd800 && codePoint <= 0xdfff ? REPLACEMENT_CHARACTER : show(c, codePoint);
  });
}

/** Lone surrogates replaced by U+FFFD, nothing else changed: text any strict UTF-8 reader accepts. */
export function wellFormed(text: string): string {
  return text.replace(LONE_SURROGATE, REPLACEMENT_CHARACTER);
}

/** `\u{202E}`, `\u{E0041}`: the terminal's form. */
export function bracedEscape(codePoint: number): string {
  return `\\u{${codePoint.toString(16).toUpperCase()}}`;
}

/** `\u202e` for the basic plane, `\u{e0041}` beyond it: the form of the Markdown, HTML and JUnit outputs. */
export function hexEscape(codePoint: number): string {
  return codePoint > 0xffff ? `\\u{${codePoint.toString(16)}}` : `\\u${codePoint.toString(16).padStart(4, '0')}`;
}

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** One line, whatever the text holds: `\n` for a newline, `\u{202E}` for a right-to-left override. */
export function safe(text: string): string {
  return replaceHidden(text, (c, codePoint) => NAMED[c] ?? bracedEscape(codePoint));
}

/** Multi-line text that keeps its line structure (an HTTP exchange): each line escaped on its own. */
export function safeLines(text: string): string[] {
  return text.replace(/\r\n/g, '\n').split('\n').map(safe);
}

/*
 * A line that starts (after blanks) with `::` is a GitHub Actions workflow command, and `##[` / `##vso[`
 * the older and the Azure Pipelines forms. mcpgate writes none on purpose, so any such line carries
 * outside text: a backslash in front makes it plain text and shows that it was changed.
 */
const WORKFLOW_COMMAND = /^([ \t]*)(?=::|##\[|##vso\[)/gm;

/** The last guard before stdout or stderr: no line of what mcpgate prints can be read as a workflow command. */
export function guardWorkflowCommands(text: string): string {
  return text.replace(WORKFLOW_COMMAND, '$1\\');
}

/**
 * Escaping for text from outside (the server, a golden file, a report file) on a terminal or in a CI
 * log. Such text could recolour or rewrite the terminal (control characters), reorder what the reader
 * sees (bidi overrides), hide text (zero-width characters), or start a line of its own and pose as
 * mcpgate's output (`✓ all checks passed`) or as a CI workflow command (`::add-mask::`). So it is shown
 * on one line, with every such character as a visible escape.
 */

/*
 * C0 and C1 controls (newline and tab included), bidi embeddings, overrides and isolates, zero-width
 * characters and the BOM, the line and paragraph separators.
 */
const INVISIBLE_OR_CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g;

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** One line, whatever the text holds: `\n` for a newline, `\u{202E}` for a right-to-left override. */
export function safe(text: string): string {
  return text.replace(INVISIBLE_OR_CONTROL, (c) => NAMED[c] ?? `\\u{${c.charCodeAt(0).toString(16).toUpperCase()}}`);
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

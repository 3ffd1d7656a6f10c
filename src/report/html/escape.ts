/** Escaping for the HTML report: every string that came from the server, a golden file or a user goes through here. */

import { hexEscape, replaceHidden } from '../terminal-escape.js';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/*
 * The terminal's set of controls, bidi and invisible characters (terminal-escape.ts), but for tab,
 * newline and carriage return, which a <pre> keeps.
 */
const visible = (c: string, codePoint: number): string => (c === '\t' || c === '\n' || c === '\r' ? c : hexEscape(codePoint));

/**
 * Safe in element content and in quoted attribute values alike. Control and invisible characters are
 * shown as visible escapes: a report should show what the server really sent, and a right-to-left
 * override must not make a tool name or an argument read as something else.
 */
export function esc(text: string): string {
  return replaceHidden(text, visible).replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

/** Only http(s) links are kept: a `javascript:` URL in a report would run on click. */
export function safeLink(label: string, url: string): string {
  return /^https?:\/\/[^\s"'<>]+$/.test(url) ? `<a href="${esc(url)}" rel="noreferrer noopener">${esc(label)}</a>` : '';
}

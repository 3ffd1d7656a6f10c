/** Escaping for the HTML report: every string that came from the server, a golden file or a user goes through here. */

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/*
 * C0 controls other than tab, newline and carriage return (a <pre> keeps those), C1 controls and DEL;
 * then what would hide or reorder text on the page: zero-width characters, bidi embeddings,
 * overrides and isolates, the line and paragraph separators, the BOM (the terminal escapes the same set).
 */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
const INVISIBLE = /[\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g;

const visible = (c: string): string => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * Safe in element content and in quoted attribute values alike. Control and invisible characters are
 * shown as visible escapes: a report should show what the server really sent, and a right-to-left
 * override must not make a tool name or an argument read as something else.
 */
export function esc(text: string): string {
  return text
    .replace(CONTROL, visible)
    .replace(INVISIBLE, visible)
    .replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

/** Only http(s) links are kept: a `javascript:` URL in a report would run on click. */
export function safeLink(label: string, url: string): string {
  return /^https?:\/\/[^\s"'<>]+$/.test(url) ? `<a href="${esc(url)}" rel="noreferrer noopener">${esc(label)}</a>` : '';
}

/** Long names keep charts readable; the full text stays in the element's title. */
export function shorten(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

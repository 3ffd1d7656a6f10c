/** Escaping for the HTML report: every string that came from the server, a golden file or a user goes through here. */

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Safe in element content and in quoted attribute values alike. Control characters are shown as
 * visible escapes: they are invisible otherwise, and a report should show what the server really sent.
 */
export function esc(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
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

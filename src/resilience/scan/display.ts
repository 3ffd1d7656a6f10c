/**
 * Shows matched text safely: every invisible or control character becomes a visible `\u{XXXX}`, so a
 * finding can be printed to a terminal or a CI log without doing what it warns about.
 */

/**
 * Tag characters, zero-width and bidi controls, BOM, C0/C1 controls (newline and tab kept), and the
 * line and paragraph separators U+2028/U+2029, which break a line in some viewers and not others.
 */
const UNSAFE =
  /[\u{E0000}-\u{E007F}\u200B-\u200F\u2028-\u202E\u2060-\u2064\u2066-\u2069\uFEFF\u180E\u0000-\u0008\u000B-\u001F\u007F-\u009F]/gu;
const TAG_RUN = /[\u{E0000}-\u{E007F}]{4,}/gu;

function codePoint(char: string): string {
  return `\\u{${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}}`;
}

export function escapeInvisible(text: string): string {
  // A long run of tag characters is named, not spelled out: `decoded` carries what it says.
  const collapsed = text.replace(TAG_RUN, (run) => {
    const chars = Array.from(run);
    return `${codePoint(chars[0]!)}…${codePoint(chars[chars.length - 1]!)} (${chars.length} tag characters)`;
  });
  return collapsed.replace(UNSAFE, codePoint).replace(/\n/g, '\\n').replace(/\t/g, '\\t');
}

const MAX_MATCH = 200;

/** The match with up to `context` characters either side, cut on code points, escaped. */
export function excerptAround(text: string, start: number, end: number, context = 40): string {
  const before = Array.from(text.slice(0, start));
  const match = Array.from(text.slice(start, end));
  const after = Array.from(text.slice(end));
  const head = before.length > context ? `…${before.slice(-context).join('')}` : before.join('');
  const body = match.length > MAX_MATCH ? `${match.slice(0, MAX_MATCH).join('')}…` : match.join('');
  const tail = match.length > MAX_MATCH ? '' : after.length > context ? `${after.slice(0, context).join('')}…` : after.join('');
  return escapeInvisible(`${head}${body}${tail}`);
}

/** Tag characters mirror ASCII (U+E0041 is "A"): the text a model reads and a person cannot see. */
export function decodeTags(run: string): string {
  return Array.from(run)
    .map((char) => {
      const ascii = char.codePointAt(0)! - 0xe0000;
      return ascii >= 0x20 && ascii < 0x7f ? String.fromCharCode(ascii) : '';
    })
    .join('');
}

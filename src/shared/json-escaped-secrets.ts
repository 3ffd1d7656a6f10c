/**
 * Finds registered secrets that a text spells with JSON string escapes: `\/` for `/`, `\u0041` for
 * `A` (any case of hex), for some characters or for all, as a server's encoder may write a raw body.
 * The text is decoded as JSON string content would be, keeping where each escape came from, and the
 * secrets are searched in the decoded text with `indexOf`; each match masks the stretch of the
 * original it came from. A JSON text inside a JSON string escapes twice, so the decoded
 * text is decoded again, a few levels deep. Linear in the text's length per level and per secret: no
 * regular expression over the whole text, so a megabyte body cannot make it backtrack.
 */

/** A body, a JSON document inside one of its strings, and one more level inside that. */
const MAX_LEVELS = 3;
/** Characters a JSON string escapes with one letter after the backslash. */
const SHORT_ESCAPES = new Map<number, number>([
  [0x22, 0x22], // \"
  [0x5c, 0x5c], // \\
  [0x2f, 0x2f], // \/
  [0x62, 0x08], // \b
  [0x66, 0x0c], // \f
  [0x6e, 0x0a], // \n
  [0x72, 0x0d], // \r
  [0x74, 0x09], // \t
]);

/**
 * A text with its escapes decoded, and where each decoded escape came from. Between escapes the
 * characters are the original's, so only the escapes need recording: `origin` maps any position.
 */
interface Decoded {
  text: string;
  /** Position in the decoded text of each escape, ascending. */
  at: number[];
  /** Where that escape starts in the text decoded, and where the text after it resumes. */
  start: number[];
  resume: number[];
}

/** Where position `i` of the decoded text (its length included) starts in the text it was decoded from. */
function origin(view: Decoded, i: number): number {
  let low = 0;
  let high = view.at.length - 1;
  let last = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (view.at[mid]! <= i) {
      last = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  if (last < 0) return i;
  return i === view.at[last] ? view.start[last]! : view.resume[last]! + (i - view.at[last]! - 1);
}

function hexDigit(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  const lower = code | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x57 : -1;
}

/** The code unit four hex digits at `at` spell, or -1. */
function hexUnit(text: string, at: number): number {
  let unit = 0;
  for (let k = at; k < at + 4; k++) {
    const digit = k < text.length ? hexDigit(text.charCodeAt(k)) : -1;
    if (digit < 0) return -1;
    unit = unit * 16 + digit;
  }
  return unit;
}

/** The text with its JSON escapes decoded, or undefined when it has none. */
function decodeEscapes(text: string): Decoded | undefined {
  if (!text.includes('\\')) return undefined;
  const view: Decoded = { text: '', at: [], start: [], resume: [] };
  const parts: string[] = [];
  let length = 0;
  let copied = 0;
  for (let i = text.indexOf('\\'); i >= 0 && i + 1 < text.length; i = text.indexOf('\\', i)) {
    const next = text.charCodeAt(i + 1);
    let unit = SHORT_ESCAPES.get(next) ?? -1;
    let width = 2;
    if (unit < 0 && next === 0x75) {
      unit = hexUnit(text, i + 2);
      width = 6;
    }
    if (unit < 0) {
      i++;
      continue;
    }
    if (i > copied) parts.push(text.slice(copied, i));
    parts.push(String.fromCharCode(unit));
    length += i - copied;
    view.at.push(length++);
    view.start.push(i);
    view.resume.push(i + width);
    copied = i += width;
  }
  if (view.at.length === 0) return undefined;
  parts.push(text.slice(copied));
  view.text = parts.join('');
  return view;
}

/** `text` with every stretch that decodes to one of `secrets` replaced by `mask`. */
export function maskJsonEscaped(text: string, secrets: readonly string[], mask: string): string {
  const ranges: Array<[number, number]> = [];
  // Each level decodes the one before; a position maps back through every level to the original.
  const levels: Decoded[] = [];
  const toOriginal = (i: number): number => levels.reduceRight((position, level) => origin(level, position), i);
  let view = decodeEscapes(text);
  while (view !== undefined) {
    levels.push(view);
    for (const secret of secrets) {
      for (let at = view.text.indexOf(secret); at >= 0; at = view.text.indexOf(secret, at + secret.length)) {
        ranges.push([toOriginal(at), toOriginal(at + secret.length)]);
      }
    }
    view = levels.length < MAX_LEVELS ? decodeEscapes(view.text) : undefined;
  }
  if (ranges.length === 0) return text;
  ranges.sort((a, b) => a[0] - b[0]);
  const parts: string[] = [];
  let kept = 0;
  for (const [start, end] of ranges) {
    if (end <= kept) continue;
    // A match overlapping the one before extends its mask.
    parts.push(text.slice(kept, Math.max(start, kept)), start >= kept ? mask : '');
    kept = end;
  }
  parts.push(text.slice(kept));
  return parts.join('');
}

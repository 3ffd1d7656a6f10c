/**
 * The registered secrets, and where they occur in a text, found in one pass whose cost does not grow
 * with how many are registered. A run against a server whose OAuth tokens live a few seconds
 * registers every token it is given, for as long as the process lives (a report written at the end
 * may quote a token that expired hours before, and must still mask it): thousands in a nightly run.
 * Searching for each one in turn made every redaction slower with every renewal; here each position
 * of the text costs a hash of its next few characters and, for the rare position where a registered
 * value may start, a lookup per distinct length of the values that start that way.
 *
 * Memory is the values themselves (a few kilobytes per token with its encoded forms) and a 128 KiB
 * table; registering a value is proportional to its length.
 */

/** Every value starts with this many characters, which locate it; shorter values are not registered. */
export const ANCHOR_CHARS = 4;

/** One bit per hash of an anchor: 2^20 bits keep the table sparse for tens of thousands of anchors. */
const TABLE_BITS = 20;

/**
 * Up to this many values, each is looked for with the engine's own substring search: about 1 ms per
 * value per 4 MiB of text, which beats the hashing pass (about 16 ms per MiB) until there are some
 * sixty values; beyond that the pass costs the same for any number.
 */
const NATIVE_SEARCH_LIMIT = 64;

export class SecretIndex {
  private readonly values = new Set<string>();
  /** By their first ANCHOR_CHARS characters: the lengths of the values that start so, longest first. */
  private readonly lengthsByAnchor = new Map<string, number[]>();
  private readonly anchorBits = new Uint8Array(1 << (TABLE_BITS - 3));

  get size(): number {
    return this.values.size;
  }

  add(value: string): void {
    if (value.length < ANCHOR_CHARS || this.values.has(value)) return;
    this.values.add(value);
    const anchor = value.slice(0, ANCHOR_CHARS);
    const lengths = this.lengthsByAnchor.get(anchor);
    if (!lengths) {
      this.lengthsByAnchor.set(anchor, [value.length]);
      const bit = tableBit(anchorHash(anchor));
      this.anchorBits[bit >>> 3]! |= 1 << (bit & 7);
    } else if (!lengths.includes(value.length)) {
      lengths.push(value.length);
      lengths.sort((a, b) => b - a);
    }
  }

  /**
   * Every stretch of `text` that is a registered value, as [start, end) in ascending order of start
   * (overlapping stretches included: maskRanges masks them as one).
   */
  find(text: string): Array<[number, number]> {
    if (this.values.size <= NATIVE_SEARCH_LIMIT) return this.searchEach(text);
    const found: Array<[number, number]> = [];
    let hash = 0;
    for (let at = 0; at < text.length; at++) {
      // The hash of the ANCHOR_CHARS characters ending at `at`, rolled on by one character.
      hash = (Math.imul(hash, BASE) + text.charCodeAt(at)) | 0;
      if (at >= ANCHOR_CHARS) hash = (hash - Math.imul(text.charCodeAt(at - ANCHOR_CHARS), BASE_TO_ANCHOR)) | 0;
      if (at < ANCHOR_CHARS - 1) continue;
      const bit = tableBit(hash);
      if ((this.anchorBits[bit >>> 3]! & (1 << (bit & 7))) === 0) continue;
      const start = at - ANCHOR_CHARS + 1;
      const lengths = this.lengthsByAnchor.get(text.slice(start, at + 1));
      if (!lengths) continue;
      for (const length of lengths) {
        if (start + length <= text.length && this.values.has(text.slice(start, start + length))) {
          found.push([start, start + length]);
          break;
        }
      }
    }
    return found;
  }

  private searchEach(text: string): Array<[number, number]> {
    const found: Array<[number, number]> = [];
    for (const value of this.values)
      for (let at = text.indexOf(value); at >= 0; at = text.indexOf(value, at + 1)) found.push([at, at + value.length]);
    return found.sort((a, b) => a[0] - b[0]);
  }
}

/** A polynomial hash of the anchor's code units, mod 2^32, so that the scan can roll it along a text. */
const BASE = 31;
const BASE_TO_ANCHOR = Math.imul(Math.imul(BASE, BASE), Math.imul(BASE, BASE));

function anchorHash(anchor: string): number {
  let hash = 0;
  for (let k = 0; k < ANCHOR_CHARS; k++) hash = (Math.imul(hash, BASE) + anchor.charCodeAt(k)) | 0;
  return hash;
}

/** Fibonacci hashing spreads the polynomial hash over the table. */
function tableBit(hash: number): number {
  return Math.imul(hash, 0x9e3779b1) >>> (32 - TABLE_BITS);
}

/** `text` with each range replaced by `mask`; ranges sorted by start, and overlapping ones masked as one. */
export function maskRanges(text: string, ranges: ReadonlyArray<readonly [number, number]>, mask: string): string {
  if (ranges.length === 0) return text;
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

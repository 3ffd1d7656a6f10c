/**
 * Judges a JSON-RPC response body by its top level only, on the raw bytes: is it one
 * well-bracketed object whose `id` is the one sent and which has a `result` object? Parsing a
 * whole tools/list answer (6 KB for the reference server: 24 µs) cost more client CPU than the
 * HTTP exchange itself; this scan takes a fraction of that and the bench only needs the verdict.
 * Anything unusual (escapes in keys, a string id, an `error`, unbalanced text) answers UNSURE, and
 * the caller parses the body fully and judges that instead.
 *
 * Under load a server answers the same request the same way, but for the id: RepeatJudge remembers
 * the last body judged a result, and a body identical to it byte for byte but for the id's digits
 * gets the same verdict after two byte comparisons instead of a scan.
 */

import {
  BACKSLASH,
  CLOSE_BRACE,
  CLOSE_BRACKET,
  COLON,
  COMMA,
  isJsonWhitespace,
  OPEN_BRACE,
  OPEN_BRACKET,
  QUOTE,
} from '../../shared/json-bytes.js';

export const UNSURE = Symbol('unsure');

type Verdict = string | undefined | typeof UNSURE;

/** Where a body's id digits sit, filled in by the scan. */
interface IdSpan {
  start: number;
  end: number;
}

/** `undefined`: a result for `id`; a string: the failure kind; UNSURE: parse it to find out. */
export function judgeTopLevel(body: Uint8Array, id: number): Verdict {
  return scanTopLevel(body, id, { start: 0, end: 0 });
}

/** judgeTopLevel over a stream of answers, each compared first with the last result judged. */
export class RepeatJudge {
  private before: Uint8Array | undefined;
  private after: Uint8Array | undefined;

  judge(body: Uint8Array, id: number): Verdict {
    if (this.isRepeat(body, id)) return undefined;
    const span = { start: 0, end: 0 };
    const verdict = scanTopLevel(body, id, span);
    if (verdict === undefined) {
      // Copies: the caller may reuse the body's memory.
      this.before = body.slice(0, span.start);
      this.after = body.slice(span.end);
    }
    return verdict;
  }

  private isRepeat(body: Uint8Array, id: number): boolean {
    const before = this.before;
    const after = this.after;
    if (!before || !after) return false;
    const digits = digitsOf(id);
    if (body.length !== before.length + digits + after.length) return false;
    const end = before.length + digits;
    return (
      sameNumber(body, before.length, end, id) &&
      Buffer.compare(body.subarray(0, before.length), before) === 0 &&
      Buffer.compare(body.subarray(end), after) === 0
    );
  }
}

/** How many decimal digits a non-negative integer id is written with. */
export function digitsOf(id: number): number {
  return id < 10 ? 1 : Math.floor(Math.log10(id)) + 1;
}

function scanTopLevel(body: Uint8Array, id: number, span: IdSpan): Verdict {
  let pos = skipSpace(body, 0);
  if (body[pos] !== OPEN_BRACE) return UNSURE;
  pos++;
  let idMatches: boolean | undefined;
  let hasResult = false;
  for (;;) {
    pos = skipSpace(body, pos);
    if (body[pos] !== QUOTE) return UNSURE;
    const keyStart = pos + 1;
    const keyEnd = body.indexOf(QUOTE, keyStart);
    if (keyEnd < 0 || body.subarray(keyStart, keyEnd).includes(BACKSLASH)) return UNSURE;
    pos = skipSpace(body, keyEnd + 1);
    if (body[pos] !== COLON) return UNSURE;
    pos = skipSpace(body, pos + 1);
    const key =
      keyEnd - keyStart === 2
        ? isKey(body, keyStart, 'id')
          ? 'id'
          : ''
        : isKey(body, keyStart, 'result')
          ? 'result'
          : isKey(body, keyStart, 'error')
            ? 'error'
            : '';
    if (key === 'error') return UNSURE;
    if (key === 'id') {
      const end = numberEnd(body, pos);
      if (end === pos) return UNSURE;
      idMatches = sameNumber(body, pos, end, id);
      span.start = pos;
      span.end = end;
      pos = end;
    } else {
      if (key === 'result') {
        if (body[pos] !== OPEN_BRACE) return 'not-result';
        hasResult = true;
      }
      pos = skipValue(body, pos);
      if (pos < 0) return UNSURE;
    }
    pos = skipSpace(body, pos);
    if (body[pos] === COMMA) {
      pos++;
      continue;
    }
    if (body[pos] !== CLOSE_BRACE || skipSpace(body, pos + 1) !== body.length) return UNSURE;
    if (!hasResult || idMatches === undefined) return UNSURE;
    return idMatches ? undefined : 'bad-id';
  }
}

function isKey(body: Uint8Array, start: number, key: string): boolean {
  if (body[start + key.length] !== QUOTE) return false;
  for (let i = 0; i < key.length; i++) if (body[start + i] !== key.charCodeAt(i)) return false;
  return true;
}

function skipSpace(body: Uint8Array, pos: number): number {
  while (pos < body.length && isJsonWhitespace(body[pos])) pos++;
  return pos;
}

/** End of a plain non-negative integer (the only id the bench sends); `pos` when there is none. */
function numberEnd(body: Uint8Array, pos: number): number {
  let end = pos;
  while (end < body.length && body[end]! >= 0x30 && body[end]! <= 0x39) end++;
  const next = body[end];
  return next === COMMA || next === CLOSE_BRACE || isJsonWhitespace(next) ? end : pos;
}

function sameNumber(body: Uint8Array, start: number, end: number, id: number): boolean {
  let value = 0;
  for (let i = start; i < end; i++) value = value * 10 + (body[i]! - 0x30);
  return value === id && end - start <= 15;
}

/** Position after the JSON value starting at `pos`, or -1 when it is malformed or cut. */
function skipValue(body: Uint8Array, pos: number): number {
  const first = body[pos];
  if (first === QUOTE) return skipString(body, pos);
  if (first !== OPEN_BRACE && first !== OPEN_BRACKET) {
    while (pos < body.length && body[pos] !== COMMA && body[pos] !== CLOSE_BRACE && body[pos] !== CLOSE_BRACKET) pos++;
    return pos < body.length ? pos : -1;
  }
  let depth = 0;
  while (pos < body.length) {
    const c = body[pos];
    if (c === QUOTE) {
      pos = skipString(body, pos);
      if (pos < 0) return -1;
      continue;
    }
    if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++;
    else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--;
      if (depth === 0) return pos + 1;
    }
    pos++;
  }
  return -1;
}

/**
 * Position after the string starting at `pos`, or -1 when it is cut. Jumps from quote to quote
 * with indexOf (native, and most of a tools/list is strings); a quote preceded by an odd number of
 * backslashes is escaped.
 */
function skipString(body: Uint8Array, pos: number): number {
  for (let from = pos + 1; ;) {
    const quote = body.indexOf(QUOTE, from);
    if (quote < 0) return -1;
    let slashes = 0;
    while (body[quote - 1 - slashes] === BACKSLASH) slashes++;
    if (slashes % 2 === 0) return quote + 1;
    from = quote + 1;
  }
}

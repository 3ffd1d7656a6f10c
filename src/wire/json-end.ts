/**
 * Finds where a JSON body's top-level object or array closes, as its bytes arrive, without parsing
 * it. A caller waiting on a stream (endWhen) may be answered with plain JSON that the server never
 * ends; the body is judged once its value is whole, and parsed then, once. Linear in the bytes:
 * each is looked at once. (Re-parsing the whole body on every chunk that ended in `}` made a large
 * body quadratic.) Only ASCII bytes shape JSON, and UTF-8 never uses them inside a multi-byte
 * character, so a character split between two chunks needs no decoding here.
 */

import { BACKSLASH, CLOSE_BRACE, CLOSE_BRACKET, isJsonWhitespace, OPEN_BRACE, OPEN_BRACKET, QUOTE } from '../shared/json-bytes.js';

type Phase =
  /** Only whitespace so far. */
  | 'before'
  | 'inside'
  /** The top-level value has closed, followed by whitespace only. */
  | 'after'
  /** The body does not start with an object or array, or goes on after one: it will never close. */
  | 'never';

export class JsonEndScanner {
  private phase: Phase = 'before';
  private depth = 0;
  private inString = false;
  private escaped = false;

  /** True when this chunk closed the top-level object or array, and only whitespace followed. */
  push(chunk: Uint8Array): boolean {
    let closedHere = false;
    for (let i = 0; i < chunk.length && this.phase !== 'never'; i++) {
      const byte = chunk[i]!;
      if (this.phase === 'inside') closedHere = this.stepInside(byte) || closedHere;
      else if (isJsonWhitespace(byte)) continue;
      else if (this.phase === 'before' && (byte === OPEN_BRACE || byte === OPEN_BRACKET)) this.open();
      else this.phase = 'never';
    }
    return closedHere && this.phase === 'after';
  }

  private open(): void {
    this.phase = 'inside';
    this.depth = 1;
  }

  /** One byte inside the value; true when it closed the top level. */
  private stepInside(byte: number): boolean {
    if (this.inString) {
      if (this.escaped) this.escaped = false;
      else if (byte === BACKSLASH) this.escaped = true;
      else if (byte === QUOTE) this.inString = false;
      return false;
    }
    if (byte === QUOTE) this.inString = true;
    else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) this.depth++;
    else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
      this.depth--;
      if (this.depth === 0) {
        this.phase = 'after';
        return true;
      }
    }
    return false;
  }
}

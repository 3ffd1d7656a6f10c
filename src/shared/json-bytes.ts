/**
 * The bytes that shape JSON text, for scanners that read a body as bytes without parsing it. Only
 * ASCII bytes shape JSON, and UTF-8 never uses them inside a multi-byte character.
 */

export const QUOTE = 0x22;
export const BACKSLASH = 0x5c;
export const OPEN_BRACE = 0x7b;
export const CLOSE_BRACE = 0x7d;
export const OPEN_BRACKET = 0x5b;
export const CLOSE_BRACKET = 0x5d;
export const COLON = 0x3a;
export const COMMA = 0x2c;

/** Space, line feed, carriage return and tab: the whitespace JSON allows between tokens. */
export function isJsonWhitespace(byte: number | undefined): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}

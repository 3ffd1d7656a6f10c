/** Terminal text helpers shared by the terminal renderers: colours, escaping, small formats. */

const ANSI = {
  bold: [1, 22],
  dim: [2, 22],
  red: [31, 39],
  green: [32, 39],
  yellow: [33, 39],
  magenta: [35, 39],
  cyan: [36, 39],
} as const;
export type Style = keyof typeof ANSI;
export type Paint = (style: Style, text: string) => string;

export function painter(color: boolean): Paint {
  return color ? (style, text) => `\x1b[${ANSI[style][0]}m${text}\x1b[${ANSI[style][1]}m` : (_style, text) => text;
}

/**
 * Report text comes from the server under test; escape sequences in it could recolour, erase or
 * rewrite the user's terminal, so control characters are shown as visible escapes instead.
 */
export function safe(text: string): string {
  return text
    .replace(/\r\n/g, '\n')
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

export function formatMs(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

/** Terminal text helpers shared by the terminal renderers: colours and small formats (escaping: terminal-escape.ts). */

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

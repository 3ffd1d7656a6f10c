/**
 * The few SVG primitives the charts need, drawn as strings at render time: no chart library, no
 * script, no style attributes (the page's Content-Security-Policy allows neither inline handlers nor
 * inline styles), so a chart is visible even with scripts off.
 */

import { esc } from './escape.js';
import { roundTo } from '../../shared/numbers.js';

/** An image with an accessible name; `label` is read by screen readers and shown as a tooltip. */
export function chart(label: string, width: number, height: number, body: string): string {
  return (
    `<svg class="chart" role="img" aria-label="${esc(label)}" viewBox="0 0 ${width} ${height}" ` +
    `width="${width}" height="${height}"><title>${esc(label)}</title>${body}</svg>`
  );
}

export function rect(x: number, y: number, width: number, height: number, fill: string, title?: string): string {
  const shape = `<rect x="${num(x)}" y="${num(y)}" width="${num(Math.max(0, width))}" height="${num(height)}" fill="${fill}"`;
  return title === undefined ? `${shape}/>` : `${shape}><title>${esc(title)}</title></rect>`;
}

export function label(x: number, y: number, text: string, anchor: 'start' | 'middle' | 'end' = 'start', cls = ''): string {
  return `<text x="${num(x)}" y="${num(y)}" text-anchor="${anchor}"${cls ? ` class="${cls}"` : ''}>${esc(text)}</text>`;
}

/**
 * Red through amber to green for a pass rate of 0..1; light enough that dark text stays readable on
 * every shade.
 */
export function passColour(rate: number): string {
  const clamped = Math.min(1, Math.max(0, rate));
  return `hsl(${Math.round(clamped * 130)}, 70%, 78%)`;
}

export const NEUTRAL = '#d4d4d8';
export const BAR = '#4f6fd8';

/** Two decimals at most: enough for a pixel, and the file stays small and stable across runs. */
export function num(value: number): string {
  return String(roundTo(value, 2));
}

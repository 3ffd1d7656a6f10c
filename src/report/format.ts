/** Number formats shared by the renderers: HTML sections and charts, and the Markdown summary. */

export function percent(value: number | null | undefined): string {
  return value === null || value === undefined ? 'n/a' : `${Math.round(value * 1000) / 10}%`;
}

/** Unknown cost stays "unknown": a zero would read as free. */
export function usd(value: number | null | undefined): string {
  if (value === null || value === undefined) return 'unknown';
  return value > 0 && value < 0.01 ? `$${value.toFixed(5)}` : `$${value.toFixed(2)}`;
}

export function ms(value: number | null | undefined): string {
  if (value === null || value === undefined) return 'n/a';
  return value < 1000 ? `${Math.round(value)} ms` : `${(value / 1000).toFixed(2)} s`;
}

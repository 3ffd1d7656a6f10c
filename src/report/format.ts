/** Number formats shared by the renderers (terminal, HTML sections and charts, the Markdown summary) and the gate's findings. */

/** A fraction in percent, to one decimal: 0.8125 reads 81.3. */
export function inPercent(fraction: number): number {
  return Math.round(fraction * 1000) / 10;
}

export function percent(value: number | null | undefined): string {
  return value === null || value === undefined ? 'n/a' : `${inPercent(value)}%`;
}

/** A difference of two rates, or a bound on one, in percentage points. */
export function points(fraction: number): string {
  return `${inPercent(fraction)} points`;
}

/** A rate's interval in percent: `[75.1%, 99.1%]`. */
export function intervalText(interval: { low: number; high: number }): string {
  return `[${percent(interval.low)}, ${percent(interval.high)}]`;
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

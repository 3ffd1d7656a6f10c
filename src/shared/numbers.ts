/** Figures kept in a report are rounded once, here, so equal inputs give byte-equal reports. */

/** `value` rounded half up to `digits` decimals (the float nearest to that decimal). */
export function roundTo(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

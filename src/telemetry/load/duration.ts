/** Durations as people type them on a command line: `500ms`, `10s`, `1.5m`, `2h`. */

const UNITS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 };

/** Milliseconds, or undefined when the text is not a positive duration with a unit. */
export function parseDuration(text: string): number | undefined {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h)\s*$/i.exec(text);
  if (!match) return undefined;
  const ms = Number(match[1]) * UNITS[match[2]!.toLowerCase()]!;
  return ms > 0 && Number.isFinite(ms) ? Math.round(ms) : undefined;
}

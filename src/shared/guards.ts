/**
 * Type guards and the exhaustiveness helper every layer shares, declared once. A server's answer, a
 * parsed YAML document and a cached entry are all `unknown` until one of these says otherwise.
 */

/** A plain mapping: an object that is neither null nor an array. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The default branch of a switch over a union: the compiler names any member left unhandled, and a
 * value that arrives anyway (a cast, a file written by a newer mcpgate) fails loudly instead of silently.
 */
export function assertNever(value: never, what = 'value'): never {
  throw new Error(`unexpected ${what}: ${JSON.stringify(value)}`);
}

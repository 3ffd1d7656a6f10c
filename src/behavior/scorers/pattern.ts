/**
 * How a regex expectation is compiled, shared by the loader (which rejects patterns that do not
 * compile) and the scorer, so both agree. Unicode mode, so `\p{L}` and astral characters work;
 * unanchored, like JSON Schema's `pattern`: write `^...$` to match the whole value.
 */
export function compilePattern(pattern: string): RegExp {
  return new RegExp(pattern, 'u');
}

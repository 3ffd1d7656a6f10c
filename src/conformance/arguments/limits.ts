/**
 * Bounds of argument synthesis. The schema is the server's: `minLength: 500000000`, `minItems: 1e9`, a
 * pattern of 100,000 characters or an allOf of 200,000 entries must end fast in a short value or a
 * reason, never in a hang, a huge allocation or a blown stack.
 */

export const MAX_SAMPLE_STRING_CHARS = 10_000;
export const MAX_SAMPLE_ITEMS = 100;
/** Nesting of values (objects in arrays in objects ...) that synthesis builds. */
export const MAX_VALUE_DEPTH = 8;
/** `$ref` and `allOf` levels folded into one schema position; a self-referencing `$ref` stops here. */
export const MAX_FOLD_DEPTH = 32;
export const MAX_PATTERN_CHARS = 1_000;
/** Group nesting inside one pattern, which the parser and the generator walk recursively. */
export const MAX_PATTERN_NESTING = 50;
/** Different values one schema position is asked for: alternatives, and distinct items for uniqueItems. */
export const MAX_VARIANTS = MAX_SAMPLE_ITEMS + 28;
/** Numbers tried for a range with multipleOf, where floating-point division rejects some multiples. */
export const MAX_NUMBER_TRIES = 64;
export const MAX_EXAMPLES = 8;
export const MAX_REASON_CHARS = 300;

/**
 * What one synthesis may spend: schema nodes visited while folding and building, and attempts
 * (anyOf/oneOf options tried, subschema validators compiled), each costlier than a visit.
 */
export class Budget {
  private nodes = 50_000;
  private attempts = 256;

  visit(): boolean {
    return --this.nodes >= 0;
  }

  attempt(): boolean {
    return --this.attempts >= 0;
  }
}

export const BUDGET_SPENT = `the schema is too large to synthesize arguments for within mcpgate's bounds`;

/**
 * String values: a value of the node's format, a string its patterns match, or a plain word, within
 * minLength and maxLength (counted in characters, as JSON Schema counts them).
 */

import type { RE2JS } from 're2js';
import { built, failed, quoted, type Built, type Path, type Synthesis } from './context.js';
import type { Node } from './fold.js';
import { formatValue, isGeneratedFormat } from './formats.js';
import { MAX_SAMPLE_STRING_CHARS } from './limits.js';
import { matchingString } from './regex-generate.js';
import { compileLinear } from '../../shared/linear-regexp.js';
import { parsePattern } from './regex-parse.js';

const WORDS = ['example', 'sample', 'other', 'value', 'test'];
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

export function buildString(synthesis: Synthesis, node: Node, path: Path, variant: number): Built {
  const min = node.minLength ?? 0;
  const max = node.maxLength ?? Infinity;
  if (min > max) return failed(path, `minLength ${min} is above maxLength ${max}`);
  if (min > MAX_SAMPLE_STRING_CHARS)
    return failed(path, `minLength ${min} is above the ${MAX_SAMPLE_STRING_CHARS} characters mcpgate generates`);
  const cap = Math.min(max, MAX_SAMPLE_STRING_CHARS);
  const engines: RE2JS[] = [];
  for (const pattern of node.patterns) {
    const engine = patternEngine(pattern);
    if (!engine.ok) return failed(path, `no value matching pattern ${quoted(pattern)} can be generated (${engine.why})`);
    engines.push(engine.re);
  }
  const matchesAll = (value: string): boolean => engines.every((re) => re.test(value));
  const format = node.formats.find(isGeneratedFormat);
  const [pattern] = node.patterns;
  if (format !== undefined) {
    const value = formatValue(format, min, cap, variant);
    if (value !== undefined && matchesAll(value)) return built(value);
    if (pattern === undefined)
      return failed(
        path,
        value === undefined && formatValue(format, min, cap, 0) !== undefined
          ? `format "${format}" has no further distinct value`
          : `no "${format}" value is ${lengths(min, max)}`,
      );
    // Format and pattern together: the pattern's strings, checked for the format where the node sits.
    const matched = matchingString(pattern, {
      minLength: min,
      maxLength: cap,
      variant,
      accepts: (s) => matchesAll(s) && synthesis.satisfies(node, s),
    });
    return matched.ok
      ? built(matched.value)
      : failed(path, `no value of format "${format}" matching pattern ${quoted(pattern)} can be generated (${matched.why})`);
  }
  if (pattern !== undefined) {
    const matched = matchingString(pattern, { minLength: min, maxLength: cap, variant, accepts: matchesAll });
    return matched.ok
      ? built(matched.value)
      : failed(path, `no value matching pattern ${quoted(pattern)} can be generated (${matched.why})`);
  }
  const plain = plainString(min, cap, variant);
  return plain === undefined ? failed(path, `no further distinct string is ${lengths(min, max)}`) : built(plain);
}

/** The linear-time engine for a pattern, or why no string can be generated for it or checked against it. */
function patternEngine(pattern: string): { ok: true; re: RE2JS } | { ok: false; why: string } {
  const parsed = parsePattern(pattern);
  if (!parsed.ok) return parsed;
  const linear = compileLinear(pattern);
  return linear.ok ? linear : { ok: false, why: `mcpgate's linear-time engine cannot run it (${linear.reason})` };
}

function plainString(min: number, cap: number, variant: number): string | undefined {
  const word = WORDS[variant] ?? `example${variant}`;
  if (word.length <= cap) return word.padEnd(min, 'x');
  // Too short a maxLength for a word: the variant written in letters, as many as the length allows.
  const length = Math.max(min, Math.min(cap, 1));
  if (length === 0) return variant === 0 ? '' : undefined;
  let text = '';
  let rest = variant;
  for (let i = 0; i < length; i++) {
    text = LETTERS[rest % LETTERS.length]! + text;
    rest = Math.floor(rest / LETTERS.length);
  }
  return rest === 0 ? text : undefined;
}

function lengths(min: number, max: number): string {
  if (min > 0 && max < Infinity) return `${min} to ${max} characters long`;
  if (min > 0) return `at least ${min} characters long`;
  return max < Infinity ? `at most ${max} characters long` : 'possible';
}

/**
 * A parser for the part of ECMAScript regular-expression syntax that a string can be generated for
 * without search: literals and escapes, character classes, `.`, `^` and `$`, groups, alternation and
 * quantifiers. Backreferences, lookaround, word boundaries and property escapes are refused with the
 * reason, so synthesis can say why it built no value rather than guess one.
 */

import { CLASS_ESCAPES, complement, LINE_TERMINATORS, MAX_CODE_POINT, type Range } from './regex-classes.js';
import { MAX_PATTERN_CHARS, MAX_PATTERN_NESTING } from './limits.js';

export type RegexNode =
  | { kind: 'seq'; items: RegexNode[] }
  | { kind: 'alt'; options: RegexNode[] }
  | { kind: 'set'; ranges: Range[]; negated: boolean }
  | { kind: 'assert' }
  | { kind: 'repeat'; body: RegexNode; min: number; max: number };

export type ParsedPattern = { ok: true; ast: RegexNode } | { ok: false; why: string };

class Unsupported extends Error {}

const CONTROL_ESCAPES: Record<string, number> = { t: 9, n: 10, v: 11, f: 12, r: 13 };

export function parsePattern(source: string): ParsedPattern {
  if (source.length > MAX_PATTERN_CHARS)
    return { ok: false, why: `it is longer than the ${MAX_PATTERN_CHARS} characters mcpgate generates for` };
  try {
    const parser = new Parser(Array.from(source));
    const ast = parser.alternation(0);
    if (!parser.done()) throw new Unsupported('an unmatched )');
    return { ok: true, ast };
  } catch (error) {
    if (error instanceof Unsupported) return { ok: false, why: error.message };
    throw error;
  }
}

class Parser {
  private pos = 0;

  constructor(private readonly chars: string[]) {}

  done(): boolean {
    return this.pos >= this.chars.length;
  }

  private peek(offset = 0): string | undefined {
    return this.chars[this.pos + offset];
  }

  private take(): string {
    const c = this.chars[this.pos++];
    if (c === undefined) throw new Unsupported('it ends in the middle of a construct');
    return c;
  }

  alternation(depth: number): RegexNode {
    if (depth > MAX_PATTERN_NESTING) throw new Unsupported(`its groups nest more than ${MAX_PATTERN_NESTING} deep`);
    const options = [this.sequence(depth)];
    while (this.peek() === '|') {
      this.pos++;
      options.push(this.sequence(depth));
    }
    return options.length === 1 ? options[0]! : { kind: 'alt', options };
  }

  private sequence(depth: number): RegexNode {
    const items: RegexNode[] = [];
    for (let c = this.peek(); c !== undefined && c !== '|' && c !== ')'; c = this.peek()) {
      const atom = this.atom(depth);
      items.push(this.quantified(atom));
    }
    return items.length === 1 ? items[0]! : { kind: 'seq', items };
  }

  private quantified(atom: RegexNode): RegexNode {
    const bounds = this.quantifier();
    if (!bounds) return atom;
    if (this.peek() === '?') this.pos++;
    if (this.quantifierAhead()) throw new Unsupported('a quantifier follows another (nothing to repeat)');
    return { kind: 'repeat', body: atom, min: bounds[0], max: bounds[1] };
  }

  private quantifierAhead(): boolean {
    const c = this.peek();
    return c === '*' || c === '+' || c === '?' || (c === '{' && this.braces() !== undefined);
  }

  private quantifier(): [number, number] | undefined {
    const c = this.peek();
    if (c === '*' || c === '+' || c === '?') {
      this.pos++;
      return c === '*' ? [0, Infinity] : c === '+' ? [1, Infinity] : [0, 1];
    }
    if (c !== '{') return undefined;
    const braces = this.braces();
    if (!braces) return undefined;
    this.pos += braces.length;
    if (braces.min > braces.max) throw new Unsupported('a {m,n} quantifier has m above n');
    return [braces.min, braces.max];
  }

  /** `{m}`, `{m,}` or `{m,n}` at the position; anything else is a literal brace, as in Annex B. */
  private braces(): { min: number; max: number; length: number } | undefined {
    let text = '';
    for (let i = 0; i < 24 && this.peek(i) !== undefined; i++) {
      text += this.peek(i);
      if (this.peek(i) === '}') break;
    }
    const match = /^\{(\d+)(,(\d*))?\}/.exec(text);
    if (!match) return undefined;
    const min = Number(match[1]);
    const max = match[2] === undefined ? min : match[3] === '' ? Infinity : Number(match[3]);
    return { min, max, length: match[0].length };
  }

  private atom(depth: number): RegexNode {
    const c = this.take();
    switch (c) {
      case '^':
      case '$':
        return { kind: 'assert' };
      case '.':
        return { kind: 'set', ranges: LINE_TERMINATORS, negated: true };
      case '(':
        return this.group(depth);
      case '[':
        return this.characterClass();
      case '\\':
        return this.escape();
      case '*':
      case '+':
      case '?':
        throw new Unsupported('a quantifier has nothing to repeat');
      case '{':
        this.pos--;
        if (this.braces()) throw new Unsupported('a quantifier has nothing to repeat');
        this.pos++;
        return literal(c.codePointAt(0)!);
      default:
        return literal(c.codePointAt(0)!);
    }
  }

  private group(depth: number): RegexNode {
    if (this.peek() === '?') {
      const next = this.peek(1);
      const after = this.peek(2);
      if (next === ':') this.pos += 2;
      else if (next === '=' || next === '!') throw new Unsupported('lookahead');
      else if (next === '<' && (after === '=' || after === '!')) throw new Unsupported('lookbehind');
      else if (next === '<') {
        this.pos += 2;
        while (this.peek() !== undefined && this.peek() !== '>') this.pos++;
        if (this.take() !== '>') throw new Unsupported('an unterminated group name');
      } else throw new Unsupported(`group syntax (?${next ?? ''}`);
    }
    const body = this.alternation(depth + 1);
    if (this.peek() !== ')') throw new Unsupported('an unclosed group');
    this.pos++;
    return body;
  }

  private escape(): RegexNode {
    const c = this.take();
    const set = CLASS_ESCAPES[c];
    if (set) return { kind: 'set', ranges: set.ranges, negated: set.negated };
    if (c === 'b' || c === 'B') throw new Unsupported('a word boundary assertion');
    if (/[1-9]/.test(c) || c === 'k') throw new Unsupported('backreference');
    return literal(this.escapedCodePoint(c));
  }

  /** The code point of an escape that stands for one character (after the backslash and `c`). */
  private escapedCodePoint(c: string): number {
    if (c === 'p' || c === 'P') throw new Unsupported('a Unicode property escape');
    if (c in CONTROL_ESCAPES) return CONTROL_ESCAPES[c]!;
    if (c === '0') {
      if (/\d/.test(this.peek() ?? '')) throw new Unsupported('an octal escape');
      return 0;
    }
    if (c === 'c') {
      const letter = this.take();
      if (!/[A-Za-z]/.test(letter)) throw new Unsupported('a \\c escape without a letter');
      return letter.codePointAt(0)! % 32;
    }
    if (c === 'x') return this.hex(2);
    if (c === 'u') {
      if (this.peek() !== '{') return this.hex(4);
      this.pos++;
      let digits = '';
      while (this.peek() !== '}' && digits.length <= 6) digits += this.take();
      this.take();
      const value = /^[0-9a-fA-F]{1,6}$/.test(digits) ? parseInt(digits, 16) : NaN;
      if (!(value <= MAX_CODE_POINT)) throw new Unsupported('a malformed \\u{...} escape');
      return value;
    }
    return c.codePointAt(0)!;
  }

  private hex(count: number): number {
    let digits = '';
    for (let i = 0; i < count; i++) digits += this.take();
    if (!/^[0-9a-fA-F]+$/.test(digits)) throw new Unsupported('a malformed hexadecimal escape');
    return parseInt(digits, 16);
  }

  private characterClass(): RegexNode {
    const negated = this.peek() === '^';
    if (negated) this.pos++;
    const ranges: Range[] = [];
    for (;;) {
      const c = this.peek();
      if (c === undefined) throw new Unsupported('an unterminated character class');
      if (c === ']') break;
      const first = this.classAtom();
      if (typeof first === 'number' && this.peek() === '-' && this.peek(1) !== ']' && this.peek(1) !== undefined) {
        this.pos++;
        const last = this.classAtom();
        if (typeof last === 'number') {
          if (last < first) throw new Unsupported('a character range out of order');
          ranges.push([first, last]);
          continue;
        }
        ranges.push([first, first], [45, 45], ...last);
        continue;
      }
      if (typeof first === 'number') ranges.push([first, first]);
      else ranges.push(...first);
    }
    this.pos++;
    return { kind: 'set', ranges, negated };
  }

  /** One character of a class, or the ranges of a class escape such as `\d`. */
  private classAtom(): number | Range[] {
    const c = this.take();
    if (c !== '\\') return c.codePointAt(0)!;
    const e = this.take();
    const set = CLASS_ESCAPES[e];
    if (set) return set.negated ? complement(set.ranges) : set.ranges;
    if (e === 'b') return 8;
    if (e === 'B' || /[1-9]/.test(e) || e === 'k') throw new Unsupported(`the escape \\${e} in a character class`);
    return this.escapedCodePoint(e);
  }
}

function literal(codePoint: number): RegexNode {
  return { kind: 'set', ranges: [[codePoint, codePoint]], negated: false };
}

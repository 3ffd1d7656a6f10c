/**
 * A report masked for output: every string passed through `redact` and made well-formed (lone
 * surrogates as U+FFFD), in one walk. A command that both writes files and prints masks its report
 * once and hands the same copy to both; the type keeps a raw report out of the functions that take it.
 */

import { redactDeep } from '../shared/redact.js';
import { wellFormed } from './terminal-escape.js';

declare const MASKED: unique symbol;
export type Masked<T> = T & { readonly [MASKED]: true };

export function masked<T>(value: T): Masked<T> {
  return redactDeep(value, wellFormed) as Masked<T>;
}

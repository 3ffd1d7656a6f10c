/** A regular expression in a golden file compiles, or the loader says where and why not. */

import type { PathSegment } from '../../shared/yaml/locate.js';
import { compilePattern } from '../scorers/pattern.js';
import { report, type LoadContext } from './context.js';

export function checkPattern(ctx: LoadContext, at: PathSegment[], pattern: string): void {
  try {
    compilePattern(pattern);
  } catch (error) {
    const reason = error instanceof Error ? error.message.replace(/^Invalid regular expression: /, '') : String(error);
    report(
      ctx,
      at,
      `the pattern does not compile: ${reason}`,
      'write an ECMAScript regular expression; in YAML, single quotes keep backslashes as written',
    );
  }
}

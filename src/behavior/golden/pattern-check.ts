/** A regular expression in a golden file compiles, or a rule says where and why not. */

import type { z } from 'zod';
import { report } from '../../shared/user-files/rules.js';
import type { PathSegment } from '../../shared/yaml/locate.js';
import { compilePattern } from '../scorers/pattern.js';

export function checkPattern(context: z.core.$RefinementCtx, path: PathSegment[], pattern: string): void {
  try {
    compilePattern(pattern);
  } catch (error) {
    const reason = error instanceof Error ? error.message.replace(/^Invalid regular expression: /, '') : String(error);
    report(context, {
      path,
      at: 'value',
      message: `the pattern does not compile: ${reason}`,
      fix: 'write an ECMAScript regular expression; in YAML, single quotes keep backslashes as written',
    });
  }
}

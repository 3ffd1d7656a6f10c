/** Rules of the MRTR keys of a case (`inputs`, `expect_input`) that the schema cannot state in one sentence. */

import type { PathSegment } from '../../shared/yaml/locate.js';
import { isRecord, report, type LoadContext } from './context.js';
import { checkPattern } from './pattern-check.js';

export function checkInputs(ctx: LoadContext, at: PathSegment[], raw: Record<string, unknown>): void {
  const expected = raw.expect_input;
  if (expected !== undefined && raw.expect_tool === null) {
    report(
      ctx,
      [...at, 'expect_input'],
      '"expect_input" on a negative case (expect_tool: null)',
      'remove "expect_input": no tool call means no input can be asked',
      'key',
    );
  }
  if (isRecord(expected)) {
    if (typeof expected.message === 'string') checkPattern(ctx, [...at, 'expect_input', 'message'], expected.message);
    if ('fields' in expected && expected.kind !== 'elicitation') {
      report(
        ctx,
        [...at, 'expect_input', 'fields'],
        '"fields" checks an elicitation form',
        'use "kind: elicitation" or remove "fields"',
        'key',
      );
    }
  }
  if (!Array.isArray(raw.inputs)) return;
  raw.inputs.forEach((entry, i) => {
    if (isRecord(entry) && 'content' in entry && entry.action !== 'accept') {
      report(
        ctx,
        [...at, 'inputs', i, 'content'],
        `"content" with action ${String(entry.action)}: only an accepted form sends content`,
        'use "action: accept" or remove "content"',
        'key',
      );
    }
  });
}

/**
 * Which tools mcpgate may call on its own. Annotations are hints from the server, read with the
 * spec's defaults: a tool that does not say `readOnlyHint: true` may write, and a writing tool is
 * presumed destructive unless it says `destructiveHint: false`. A tool the user names explicitly
 * may always be called.
 *
 * Two policies: `read-only` (layer 0 conformance probes and layer 2 fault scenarios call only
 * read-only tools) and `non-destructive` (layer 1 evals may also run writing tools that declare
 * themselves non-destructive, so a task like "create an invoice" can complete).
 */

import { isRecord } from '../shared/guards.js';

export type ToolPolicy = 'read-only' | 'non-destructive';

export interface ToolSafetyVerdict {
  callable: boolean;
  reason: string;
}

export function toolSafety(
  tool: { name: string; annotations?: unknown },
  allowList: ReadonlySet<string>,
  policy: ToolPolicy = 'read-only',
): ToolSafetyVerdict {
  if (allowList.has(tool.name)) return { callable: true, reason: 'allowed explicitly with --allow-tool' };
  const annotations = isRecord(tool.annotations) ? tool.annotations : {};
  if (annotations.destructiveHint === true) return { callable: false, reason: 'annotated destructiveHint: true' };
  if (annotations.readOnlyHint === true) return { callable: true, reason: 'annotated readOnlyHint: true' };
  if (policy === 'non-destructive' && annotations.destructiveHint === false)
    return { callable: true, reason: 'annotated destructiveHint: false' };
  return {
    callable: false,
    reason:
      policy === 'read-only'
        ? 'not annotated readOnlyHint: true'
        : 'not annotated readOnlyHint: true or destructiveHint: false (a writing tool is presumed destructive)',
  };
}

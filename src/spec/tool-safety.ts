/**
 * Which tools mcpgate may call on its own. Annotations are hints from the server, so the rule is
 * conservative: only tools that say they are read-only and do not also say they are destructive,
 * unless the user names a tool explicitly.
 */

export interface ToolAnnotations {
  readOnlyHint?: unknown;
  destructiveHint?: unknown;
}

export interface ToolSafetyVerdict {
  callable: boolean;
  reason: string;
}

export function toolSafety(tool: { name: string; annotations?: unknown }, allowList: ReadonlySet<string>): ToolSafetyVerdict {
  if (allowList.has(tool.name)) return { callable: true, reason: 'allowed explicitly with --allow-tool' };
  const annotations = (typeof tool.annotations === 'object' && tool.annotations !== null ? tool.annotations : {}) as ToolAnnotations;
  if (annotations.destructiveHint === true) return { callable: false, reason: 'annotated destructiveHint: true' };
  if (annotations.readOnlyHint !== true) return { callable: false, reason: 'not annotated readOnlyHint: true' };
  return { callable: true, reason: 'annotated readOnlyHint: true' };
}

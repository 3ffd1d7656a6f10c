/**
 * The `check.calls` part of the mcpgate.yaml that init writes. Layer 0 calls by itself only tools
 * annotated read-only, so on a server without annotations its tool, MRTR and progress checks have
 * nothing to judge. For each tool that is neither read-only nor destructive, init writes a call
 * commented out, its arguments sampled from the tool's inputSchema: the user uncomments the ones that
 * are safe to run. Destructive tools get no call, only their names in a comment. Nothing here calls a
 * tool; the listing is all init asks of the server.
 */

import { sampleArguments } from '../../conformance/sample-arguments.js';
import { compileToolSchema } from '../../conformance/tool-schemas.js';
import { commentText, quoted, yamlValue } from '../../behavior/golden-draft/yaml-text.js';

export interface ToolSketch {
  name: string;
  description?: string;
  annotations?: unknown;
  inputSchema?: unknown;
}

/** A file of hundreds of commented calls is read by nobody; the rest are counted. */
export const MAX_SUGGESTED_CALLS = 40;
const MAX_LISTED_NAMES = 20;
/** A sample that needs longer (a schema's minLength of thousands) is left for the user to write. */
const MAX_CALL_CHARS = 400;

const INDENT = '  ';

type ToolKind = 'read-only' | 'destructive' | 'not-destructive' | 'unannotated';

/** The annotations as toolSafety (spec/tool-safety.ts) reads them, without an allow-list: destructive wins over read-only. */
function kindOf(tool: ToolSketch): ToolKind {
  const annotations = (typeof tool.annotations === 'object' && tool.annotations !== null ? tool.annotations : {}) as Record<
    string,
    unknown
  >;
  if (annotations.destructiveHint === true) return 'destructive';
  if (annotations.readOnlyHint === true) return 'read-only';
  return annotations.destructiveHint === false ? 'not-destructive' : 'unannotated';
}

/** Sample arguments, and whether they satisfy the tool's own schema (the checks call only with ones that do). */
function sample(tool: ToolSketch): { args: Record<string, unknown>; valid: boolean } {
  const args = sampleArguments(tool.inputSchema);
  const compiled = compileToolSchema(tool.inputSchema ?? { type: 'object' });
  return { args, valid: compiled.ok && compiled.validate(args) === true };
}

/**
 * One list item, commented out: removing the `# ` after the indent gives a valid `check.calls` entry.
 * The note after it says what the user must know to decide: what the annotations claim, and whether
 * the sample needs filling in.
 */
function suggestion(tool: ToolSketch): string {
  const { args, valid } = sample(tool);
  let call = `{tool: ${quoted(tool.name)}, arguments: ${yamlValue(args)}}`;
  const notes = [
    kindOf(tool) === 'not-destructive' ? 'annotated destructiveHint: false' : 'no destructiveHint: false, so it may write or delete',
  ];
  if (call.length > MAX_CALL_CHARS) {
    call = `{tool: ${quoted(tool.name)}, arguments: {}}`;
    notes.push('the sample arguments were too long to write here: fill them in');
  } else if (!valid) notes.push('the sample does not satisfy its inputSchema: fill in the arguments');
  return `${INDENT}#   - ${call}   # ${notes.join('; ')}`;
}

function nameList(tools: readonly ToolSketch[]): string {
  const names = tools.slice(0, MAX_LISTED_NAMES).map((tool) => commentText(tool.name));
  return tools.length > MAX_LISTED_NAMES ? `${names.join(', ')} and ${tools.length - MAX_LISTED_NAMES} more` : names.join(', ');
}

/** The lines of the check section from `calls` on, indented for it; a generic example when no tools were listed. */
export function checkCallsLines(tools: readonly ToolSketch[]): string[] {
  const callsKey = `${INDENT}# calls:                   # calls layer 0 may make as written (MRTR and progress checks follow them)`;
  if (tools.length === 0) return [callsKey, `${INDENT}#   - {tool: confirm_order, arguments: {order_id: "A-1"}}`];

  const kinds = tools.map((tool) => [tool, kindOf(tool)] as const);
  const readOnly = kinds.filter(([, kind]) => kind === 'read-only').length;
  const destructive = kinds.filter(([, kind]) => kind === 'destructive').map(([tool]) => tool);
  const candidates = kinds.filter(([, kind]) => kind === 'not-destructive' || kind === 'unannotated').map(([tool]) => tool);

  const lines = [`${INDENT}# Layer 0 calls the ${readOnly} of ${tools.length} listed tools annotated readOnlyHint: true by itself.`];
  if (candidates.length > 0) {
    const shown = candidates.slice(0, MAX_SUGGESTED_CALLS);
    lines.push(
      `${INDENT}# ${candidates.length === 1 ? '1 tool is' : `${candidates.length} tools are`} neither read-only nor destructive: uncomment \`calls:\` and each call below`,
      `${INDENT}# that is safe to run against this server (it runs as written, whatever the annotations say).`,
      `${INDENT}# The arguments are samples built from each tool's inputSchema: replace them with real values.`,
      callsKey,
      ...shown.map(suggestion),
    );
    if (candidates.length > shown.length)
      lines.push(`${INDENT}#   (${candidates.length - shown.length} more not suggested: ${nameList(candidates.slice(shown.length))})`);
  } else lines.push(callsKey, `${INDENT}#   - {tool: confirm_order, arguments: {order_id: "A-1"}}`);
  if (destructive.length > 0)
    lines.push(
      `${INDENT}# Destructive (destructiveHint: true), so no call is suggested: never called without an explicit allow-list`,
      `${INDENT}# (check.allow_tools, --allow-tool, or a check.calls entry you write): ${nameList(destructive)}`,
    );
  return lines;
}

/**
 * Arguments for a tool built from its inputSchema so that the schema accepts them, or the one-line
 * reason why no bounded attempt could: read-only tools are called black-box with them, and a false
 * failure caused by mcpgate's own placeholder value must not be blamed on the server.
 */

import { oneLine } from '../../shared/one-line.js';
import { compileToolSchema, describeValidationErrors, subschemaValidators, type CompileOutcome } from '../tool-schemas.js';
import { rootNode, startSynthesis } from './build.js';
import { describeFailure, quoted, type Synthesis } from './context.js';
import { MAX_REASON_CHARS } from './limits.js';
import { isRecord } from '../../shared/guards.js';

export type SynthesizedArguments = { ok: true; args: Record<string, unknown> } | { ok: false; reason: string };

export const refused = (reason: string): { ok: false; reason: string } => ({ ok: false, reason: oneLine(reason, MAX_REASON_CHARS) });

/** The schema compiled, or why arguments cannot be built for it. */
export function compiledInput(
  inputSchema: unknown,
): { ok: true; compiled: Extract<CompileOutcome, { ok: true }> } | { ok: false; reason: string } {
  const compiled = compileToolSchema(inputSchema);
  return compiled.ok ? { ok: true, compiled } : refused(`the input schema cannot be used: ${compiled.message}`);
}

/** Runs one synthesis over the schema with its subschema validators registered, and releases them. */
export function withSynthesis<T>(schema: Record<string, unknown>, run: (synthesis: Synthesis) => T): T {
  const validators = subschemaValidators(schema);
  try {
    return run(startSynthesis(schema, validators));
  } finally {
    validators?.release();
  }
}

/**
 * Outcomes by the schema's JSON text: one run asks for a tool's arguments in several checks, and a
 * synthesis that validates examples or options compiles the schema once more. Bounded, because the
 * schemas come from the server.
 */
const outcomes = new Map<string, SynthesizedArguments>();
const MAX_CACHED = 256;
const MAX_CACHED_KEY_CHARS = 64 * 1024;

export function synthesizeArguments(inputSchema: unknown): SynthesizedArguments {
  let key: string | undefined;
  try {
    key = JSON.stringify(inputSchema);
  } catch {
    // A schema JSON cannot write (a cycle) is refused by the compile, without the cache.
  }
  const cached = key === undefined ? undefined : outcomes.get(key);
  const outcome = cached ?? synthesizeUncached(inputSchema);
  if (!cached && key !== undefined && key.length <= MAX_CACHED_KEY_CHARS && outcomes.size < MAX_CACHED) outcomes.set(key, outcome);
  // A copy each time: callers change the arguments they get.
  return outcome.ok ? { ok: true, args: structuredClone(outcome.args) } : outcome;
}

function synthesizeUncached(inputSchema: unknown): SynthesizedArguments {
  const input = compiledInput(inputSchema);
  if (!input.ok) return input;
  if (!isRecord(inputSchema))
    return inputSchema === true ? { ok: true, args: {} } : refused('the input schema is false, which no arguments satisfy');
  const value = withSynthesis(inputSchema, (synthesis) => synthesis.build(rootNode(synthesis), [], 0, 0));
  if (!value.ok) return refused(describeFailure(value));
  if (!isRecord(value.value)) return refused(`the input schema describes no object (mcpgate built ${quoted(value.value)})`);
  // A copy: examples are the schema's own objects.
  const args = structuredClone(value.value);
  if (!input.compiled.validate(args))
    return refused(`the arguments mcpgate built fail the schema: ${describeValidationErrors(input.compiled.validate)}`);
  return { ok: true, args };
}

/**
 * Arguments the schema rejects, made from valid ones by exactly one change, so a tool's answer to them
 * shows how it reports bad input (an isError result or -32602) and nothing else about it.
 */

import { canonicalJson } from '../../shared/canonical-json.js';
import { rootNode, startSynthesis } from './build.js';
import { quoted } from './context.js';
import { fold, type JsonType } from './fold.js';
import { propertyParts, withProperty } from './objects.js';
import { compiledInput, refused } from './synthesize.js';
import { isRecord } from '../../shared/guards.js';

export type InvalidArguments = { ok: true; args: Record<string, unknown>; how: string } | { ok: false; reason: string };

/** A value of each JSON type, in the order one is given to a property typed otherwise. */
const WRONG_TYPED: ReadonlyArray<{ type: JsonType; value: unknown; words: string }> = [
  { type: 'string', value: 'mcpgate-wrong-type', words: 'a string' },
  { type: 'number', value: 12345, words: 'a number' },
  { type: 'boolean', value: true, words: 'a boolean' },
  { type: 'object', value: {}, words: 'an object' },
  { type: 'array', value: [], words: 'an array' },
  { type: 'null', value: null, words: 'null' },
];

const accepts = (types: readonly JsonType[], type: JsonType): boolean =>
  types.includes(type) || (type === 'number' && types.includes('integer'));

export function invalidArguments(inputSchema: unknown, args: Record<string, unknown>): InvalidArguments {
  const input = compiledInput(inputSchema);
  if (!input.ok) return input;
  if (!isRecord(inputSchema)) return refused('the input schema declares no properties');
  const synthesis = startSynthesis(inputSchema, undefined);
  const root = rootNode(synthesis);
  const nodeOf = (name: string) => fold(propertyParts(root, name) ?? [], synthesis);
  const candidates: Array<{ args: Record<string, unknown>; how: string }> = [];
  const declared = [...new Set([...Object.keys(args), ...root.properties.keys()])];
  for (const name of declared) {
    const types = nodeOf(name).types;
    const wrong = types && WRONG_TYPED.find((w) => !accepts(types, w.type));
    if (wrong) candidates.push({ args: withProperty(args, name, wrong.value), how: `"${name}" given as ${wrong.words}` });
  }
  for (const name of Object.keys(args)) {
    const members = nodeOf(name).enum;
    const outside = members && outsideOf(members, args[name]);
    if (outside !== undefined)
      candidates.push({
        args: withProperty(args, name, outside),
        how: `"${name}" given ${quoted(outside)}, which is not one of its enum values`,
      });
  }
  for (const name of root.required) {
    if (!Object.hasOwn(args, name)) continue;
    const rest = { ...args };
    delete rest[name];
    candidates.push({ args: rest, how: `required "${name}" left out` });
  }
  if (root.additionalForbidden) {
    let extra = 'mcpgate_unexpected';
    for (let i = 2; root.properties.has(extra) || Object.hasOwn(args, extra); i++) extra = `mcpgate_unexpected_${i}`;
    candidates.push({
      args: withProperty(args, extra, 'x'),
      how: `unexpected property "${extra}" added, which additionalProperties: false forbids`,
    });
  }
  const found = candidates.find((c) => !input.compiled.validate(c.args));
  return found
    ? { ok: true, ...found }
    : refused(
        'no single change makes the schema reject the arguments: it declares no types, enums, required properties or additionalProperties: false that one change breaks',
      );
}

/** A value the enum does not list, of the JSON type of `value` where that is a string or a number. */
function outsideOf(members: readonly unknown[], value: unknown): unknown {
  const listed = new Set(members.map((m) => canonicalJson(m)));
  const unlisted = (candidate: unknown): boolean => !listed.has(canonicalJson(candidate));
  if (typeof value === 'number') {
    let top = 0;
    for (const member of members) if (typeof member === 'number' && member > top) top = member;
    return unlisted(top + 1) ? top + 1 : undefined;
  }
  const base = `${typeof value === 'string' ? value : 'mcpgate'}-not-listed`;
  for (let i = 1; i <= 8; i++) {
    const candidate = i === 1 ? base : `${base}-${i}`;
    if (unlisted(candidate)) return candidate;
  }
  return undefined;
}

/**
 * Other arguments the schema still accepts: the given ones with one property value changed. The
 * MRTR checks replay a requestState with them, so a server that refuses the replay is refusing the
 * state, not input its own validation would reject.
 */

import { canonicalJson } from '../../shared/canonical-json.js';
import { rootNode } from './build.js';
import { fold, type Node } from './fold.js';
import { withProperty, propertyParts } from './objects.js';
import { compiledInput, refused, withSynthesis } from './synthesize.js';
import { isRecord } from '../../shared/guards.js';

export type AlternativeArguments = { ok: true; args: Record<string, unknown>; changed: string } | { ok: false; reason: string };

/** Values tried per property before the next property is. */
const TRIES_PER_PROPERTY = 16;

/** Strings first (free text is what a state is least likely to ignore), then enums, numbers, booleans. */
function rank(node: Node, value: unknown): number {
  if (node.enum) return 1;
  if (typeof value === 'string') return 0;
  if (typeof value === 'number') return 2;
  if (typeof value === 'boolean') return 3;
  return 4;
}

export function alternativeArguments(inputSchema: unknown, args: Record<string, unknown>): AlternativeArguments {
  const input = compiledInput(inputSchema);
  if (!input.ok) return input;
  if (!isRecord(inputSchema)) return refused('the input schema declares no properties');
  const validate = input.compiled.validate;
  return withSynthesis(inputSchema, (synthesis): AlternativeArguments => {
    const root = rootNode(synthesis);
    const present = Object.keys(args).flatMap((name) => {
      const parts = propertyParts(root, name);
      return parts ? [{ name, node: fold(parts, synthesis), current: canonicalJson(args[name]) }] : [];
    });
    present.sort((a, b) => rank(a.node, args[a.name]) - rank(b.node, args[b.name]));
    // Last, an optional property the arguments leave out: setting it also makes other arguments.
    const absent = [...root.properties.keys()]
      .filter((name) => !Object.hasOwn(args, name))
      .map((name) => ({ name, node: fold(propertyParts(root, name) ?? [], synthesis), current: undefined }));
    for (const { name, node, current } of [...present, ...absent]) {
      if (node.hasConst) continue;
      for (let variant = 0; variant < TRIES_PER_PROPERTY; variant++) {
        const value = synthesis.build(node, [name], 1, variant);
        if (!value.ok) break;
        if (canonicalJson(value.value) === current) continue;
        const candidate = withProperty(args, name, structuredClone(value.value));
        if (validate(candidate)) return { ok: true, args: candidate, changed: name };
      }
    }
    return refused('no property of the arguments can take another value that the schema accepts');
  });
}

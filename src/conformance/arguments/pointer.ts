/**
 * JSON pointers into a tool's input schema: where each folded subschema sits, so a value can be
 * validated against the subschema in place (src/conformance/tool-schemas.ts, subschemaValidators).
 */

export function childPointer(pointer: string, ...segments: Array<string | number>): string {
  let out = pointer;
  for (const segment of segments) out += '/' + String(segment).replace(/~/g, '~0').replace(/\//g, '~1');
  return out;
}

export type Resolved = { ok: true; pointer: string; schema: unknown } | { ok: false; why: string };

/** A local `$ref` (`#`, `#/a/b~1c`, percent-encoded or not) resolved inside the schema. */
export function resolveLocalRef(root: unknown, ref: string): Resolved {
  if (!ref.startsWith('#')) return { ok: false, why: `$ref ${JSON.stringify(ref)} points outside the schema` };
  let fragment: string;
  try {
    fragment = decodeURIComponent(ref.slice(1));
  } catch {
    return { ok: false, why: `$ref ${JSON.stringify(ref)} is not a valid URI fragment` };
  }
  if (fragment === '') return { ok: true, pointer: '', schema: root };
  if (!fragment.startsWith('/')) return { ok: false, why: `$ref ${JSON.stringify(ref)} names an anchor, which mcpgate does not resolve` };
  let node: unknown = root;
  let pointer = '';
  for (const raw of fragment.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, key))
      return { ok: false, why: `$ref ${JSON.stringify(ref)} does not resolve inside the schema` };
    node = (node as Record<string, unknown>)[key];
    pointer = childPointer(pointer, key);
  }
  return { ok: true, pointer, schema: node };
}

/**
 * Objects: the required properties, what dependentRequired adds for them, and enough optional ones
 * (then extra ones, where additionalProperties allows) for minProperties.
 */

import { built, failed, type Built, type Path, type Synthesis } from './context.js';
import { fold, type Node, type Part } from './fold.js';
import { MAX_SAMPLE_ITEMS } from './limits.js';
import { compileLinear } from '../../shared/linear-regexp.js';

/** The subschemas a property's value must satisfy, or undefined when additionalProperties: false forbids it. */
export function propertyParts(node: Node, name: string): Part[] | undefined {
  const parts = [...(node.properties.get(name) ?? [])];
  for (const { pattern, part } of node.patternProperties) {
    const linear = compileLinear(pattern);
    if (linear.ok && linear.re.test(name)) parts.push(part);
  }
  if (parts.length > 0) return parts;
  return node.additionalForbidden ? undefined : node.additionalProperties;
}

/** Defined rather than assigned, so a property named `__proto__` stays a property. */
function setProperty(object: Record<string, unknown>, name: string, value: unknown): void {
  Object.defineProperty(object, name, { value, enumerable: true, writable: true, configurable: true });
}

export function withProperty(object: Record<string, unknown>, name: string, value: unknown): Record<string, unknown> {
  const copy = { ...object };
  setProperty(copy, name, value);
  return copy;
}

function propertyNames(node: Node): { ok: true; names: string[] } | { ok: false; why: string } {
  const names: string[] = [];
  const present = new Set<string>();
  const add = (first: string): void => {
    // A worklist, not recursion: a server's dependentRequired chain can be as long as it likes.
    for (const pending = [first]; pending.length > 0;) {
      const name = pending.pop()!;
      if (present.has(name)) continue;
      present.add(name);
      names.push(name);
      for (const needed of node.dependentRequired.get(name) ?? []) if (!present.has(needed)) pending.push(needed);
    }
  };
  for (const name of node.required) add(name);
  const wanted = node.minProperties ?? 0;
  if (wanted > MAX_SAMPLE_ITEMS)
    return { ok: false, why: `minProperties ${wanted} is above the ${MAX_SAMPLE_ITEMS} properties mcpgate generates` };
  for (const name of node.properties.keys()) {
    if (names.length >= wanted) break;
    add(name);
  }
  for (let i = 1; names.length < wanted && !node.additionalForbidden && i <= 2 * MAX_SAMPLE_ITEMS; i++) add(`extra${i}`);
  if (names.length < wanted) return { ok: false, why: `minProperties ${wanted} needs more properties than the schema allows` };
  if (node.maxProperties !== undefined && names.length > node.maxProperties)
    return { ok: false, why: `it needs ${names.length} properties, above maxProperties ${node.maxProperties}` };
  return { ok: true, names };
}

/** Variant n varies the first property, so distinct variants give distinct objects. */
export function buildObject(synthesis: Synthesis, node: Node, path: Path, depth: number, variant: number): Built {
  const chosen = propertyNames(node);
  if (!chosen.ok) return failed(path, chosen.why);
  if (variant > 0 && chosen.names.length === 0) return failed(path, 'an object it allows without properties has no further distinct value');
  const out: Record<string, unknown> = {};
  for (const [index, name] of chosen.names.entries()) {
    const parts = propertyParts(node, name);
    const at = [...path, name];
    if (!parts)
      return failed(at, 'it is required, but additionalProperties is false and neither properties nor patternProperties names it');
    const value = synthesis.build(fold(parts, synthesis), at, depth + 1, index === 0 ? variant : 0);
    if (!value.ok) return value;
    setProperty(out, name, value.value);
  }
  return built(out);
}

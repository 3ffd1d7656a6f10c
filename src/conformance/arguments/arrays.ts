/**
 * Arrays: as many items as minItems and contains/minContains need, each from its prefixItems entry or
 * from items (with the contains schema for the first ones), all distinct when uniqueItems says so.
 */

import { canonicalJson } from '../../shared/canonical-json.js';
import { built, failed, type Built, type Path, type Synthesis } from './context.js';
import { fold, type Node } from './fold.js';
import { MAX_SAMPLE_ITEMS, MAX_VARIANTS } from './limits.js';

/** Variant 0 is the shortest array; variant n > 0 varies the first item (and has at least one). */
export function buildArray(synthesis: Synthesis, node: Node, path: Path, depth: number, variant: number): Built {
  const min = node.minItems ?? 0;
  const max = node.maxItems ?? Infinity;
  if (min > max) return failed(path, `minItems ${min} is above maxItems ${max}`);
  if (min > MAX_SAMPLE_ITEMS) return failed(path, `minItems ${min} is above the ${MAX_SAMPLE_ITEMS} items mcpgate generates`);
  const containing = node.contains.length > 0 ? (node.minContains ?? 1) : 0;
  if (node.maxContains !== undefined && containing > node.maxContains)
    return failed(path, `minContains ${containing} is above maxContains ${node.maxContains}`);
  if (containing > MAX_SAMPLE_ITEMS)
    return failed(path, `minContains ${containing} is above the ${MAX_SAMPLE_ITEMS} items mcpgate generates`);
  const shortest = Math.max(min, containing);
  const count = shortest > 0 ? shortest : variant > 0 ? 1 : 0;
  if (count > max)
    return failed(path, shortest > 0 ? `it needs ${count} items, above maxItems ${max}` : 'it allows no further distinct array');
  if (node.itemsForbidden && count > node.prefixItems.length)
    return failed(path, `it needs ${count} items, but items: false allows only the ${node.prefixItems.length} of prefixItems`);
  const out: unknown[] = [];
  const seen = new Set<string>();
  let next = shortest > 0 ? variant : Math.max(variant - 1, 0);
  for (let index = 0; index < count; index++) {
    const parts = [...(node.prefixItems[index] ?? node.items), ...(index < containing ? node.contains : [])];
    const item = fold(parts, synthesis);
    const at = [...path, index];
    const start = index === 0 || node.uniqueItems ? next : 0;
    let value: Built | undefined;
    let v = start;
    for (; v < start + MAX_VARIANTS; v++) {
      value = synthesis.build(item, at, depth + 1, v);
      if (!value.ok || !node.uniqueItems || !seen.has(canonicalJson(value.value))) break;
      value = undefined;
    }
    if (value === undefined || (node.uniqueItems && !value.ok && v > 0))
      return failed(path, `uniqueItems needs ${count} distinct items, and mcpgate found ${index}`);
    if (!value.ok) return value;
    next = v + 1;
    if (node.uniqueItems) seen.add(canonicalJson(value.value));
    out.push(value.value);
  }
  return built(out);
}

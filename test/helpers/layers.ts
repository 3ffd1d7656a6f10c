/**
 * The layer map of src/ as data, and a checker for it: every relative import (static, dynamic or
 * type-only) must point down the map or stay inside its own room; nothing imports the CLI; no file
 * takes part in an import cycle. docs/contributing.md shows the same map.
 */

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** Higher imports lower. Rooms of one rank may not import each other. */
export const LAYER_RANKS: Record<string, number> = {
  shared: 0,
  report: 1,
  spec: 2,
  wire: 3,
  models: 3,
  telemetry: 4,
  auth: 4,
  conformance: 5,
  gate: 5,
  'migrate-scan': 5,
  behavior: 6,
  view: 6,
  resilience: 7,
  pipeline: 8,
  cli: 9,
};

/**
 * Rooms that may import only the rooms listed, whatever the ranks say: like report/ and gate/, the
 * viewer reads reports and the history and runs no layer.
 */
export const ONLY_IMPORTS: Record<string, readonly string[]> = {
  view: ['shared', 'report', 'gate'],
};

export interface Violation {
  from: string;
  to: string;
  rule: 'upward' | 'sideways' | 'imports-cli' | 'unknown-room' | 'not-allowed' | 'cycle';
}

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"]+)\1/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** Imports as edges between files relative to `srcDir`; `.js` specifiers name their `.ts` source. */
export function importGraph(srcDir: string): Map<string, string[]> {
  const root = resolve(srcDir);
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(root)) {
    const targets = [...readFileSync(file, 'utf8').matchAll(IMPORT)].map((m) =>
      relative(root, resolve(dirname(file), m[2]!)).replace(/\.js$/, '.ts'),
    );
    graph.set(relative(root, file), targets);
  }
  return graph;
}

const roomOf = (file: string): string => file.split('/')[0]!.replace(/\.ts$/, '');

export function layerViolations(
  srcDir: string,
  ranks: Record<string, number> = LAYER_RANKS,
  only: Record<string, readonly string[]> = ONLY_IMPORTS,
): Violation[] {
  const graph = importGraph(srcDir);
  const violations: Violation[] = [];
  for (const [from, targets] of graph) {
    for (const to of targets) {
      const [a, b] = [roomOf(from), roomOf(to)];
      if (a === b) continue;
      const [rankA, rankB] = [ranks[a], ranks[b]];
      if (rankA === undefined || rankB === undefined) violations.push({ from, to, rule: 'unknown-room' });
      else if (b === 'cli') violations.push({ from, to, rule: 'imports-cli' });
      else if (rankB > rankA) violations.push({ from, to, rule: 'upward' });
      else if (rankB === rankA) violations.push({ from, to, rule: 'sideways' });
      else if (only[a] && !only[a].includes(b)) violations.push({ from, to, rule: 'not-allowed' });
    }
  }
  for (const cycle of importCycles(graph)) violations.push({ from: cycle[0]!, to: cycle.slice(1).join(' -> '), rule: 'cycle' });
  return violations;
}

/** Strongly connected components of more than one file (or a file importing itself), by Tarjan's algorithm. */
export function importCycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(component.reverse());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

/**
 * What the builders of values share: the result type, the synthesis under way, and how a failure
 * names the place in the arguments where it happened.
 */

import type { Folding, Node } from './fold.js';
import { cutAfter } from '../../shared/cut.js';

export type Path = ReadonlyArray<string | number>;

export type Failure = { ok: false; path: Path; why: string };
export type Built = { ok: true; value: unknown } | Failure;

export interface Synthesis extends Folding {
  /** Whether the value satisfies every part of the node in place; false when that cannot be told. */
  satisfies(node: Node, value: unknown): boolean;
  /**
   * The `variant`-th value for the node (0 is the preferred one), so callers can ask for distinct or
   * other values; a failure when the node has no such value.
   */
  build(node: Node, path: Path, depth: number, variant: number): Built;
}

export const built = (value: unknown): Built => ({ ok: true, value });
export const failed = (path: Path, why: string): Failure => ({ ok: false, path, why });

function describePath(path: Path): string {
  if (path.length === 0) return 'the arguments';
  let text = '';
  for (const step of path) text += typeof step === 'number' ? `[${step}]` : text === '' ? step : `.${step}`;
  return `property "${text}"`;
}

export function describeFailure(failure: Failure): string {
  return `${describePath(failure.path)}: ${failure.why}`;
}

/** The failure's reason, with its place named when that is not `path` itself. */
export function describeFailureBelow(failure: Failure, path: Path): string {
  const same = failure.path.length === path.length && failure.path.every((step, i) => step === path[i]);
  return same ? failure.why : describeFailure(failure);
}

/** A server's pattern or value quoted in a reason, cut short: the reason is one line. */
export function quoted(value: unknown, max = 60): string {
  return cutAfter(JSON.stringify(value) ?? String(value), max);
}

/**
 * The statelessness probe: the same load spread round-robin over several instances of a server
 * must get the same answers from each. A 2026-07-28 server keeps no per-connection state, so an
 * answer that depends on which instance served it (a per-process counter, cache or random value)
 * is a finding: behind a load balancer, clients would see it change from request to request.
 *
 * Compared: for tools/list the `tools` array (and `nextCursor`), for tools/call `content`,
 * `structuredContent` and `isError`; `_meta` at any depth is dropped, and so are the JSON-RPC id
 * and the caching fields (`resultType`, `ttlMs`, `cacheScope`). Every answer is compared with the
 * first answer of instance 1, over the first SAMPLES_PER_INSTANCE valid answers of each instance.
 */

import type { DivergenceFinding, StatelessnessResult } from '../../report/model.js';
import { redact } from '../../shared/redact.js';
import { isRecord } from '../../shared/guards.js';
import { cutAfter } from '../../shared/cut.js';

export const SAMPLES_PER_INSTANCE = 50;
const EXCERPT_CHARS = 160;

const COMPARED_FIELDS: Record<'tools/list' | 'tools/call', readonly string[]> = {
  'tools/list': ['tools', 'nextCursor'],
  'tools/call': ['content', 'structuredContent', 'isError'],
};

interface Sampled {
  compared: number;
  /** Canonical texts seen, with one parsed answer each (bounded by SAMPLES_PER_INSTANCE). */
  answers: Map<string, unknown>;
  /** In arrival order, for counting answers that differ from the reference. */
  texts: string[];
}

export class StatelessnessProbe {
  private readonly samples: Sampled[];

  constructor(
    private readonly endpoints: readonly string[],
    private readonly method: 'tools/list' | 'tools/call',
  ) {
    this.samples = endpoints.map(() => ({ compared: 0, answers: new Map(), texts: [] }));
  }

  observe(instance: number, result: Record<string, unknown>): void {
    const sample = this.samples[instance]!;
    if (sample.compared >= SAMPLES_PER_INSTANCE) return;
    sample.compared++;
    const value = normalise(pick(result, COMPARED_FIELDS[this.method]));
    const text = JSON.stringify(value);
    if (!sample.answers.has(text)) sample.answers.set(text, value);
    sample.texts.push(text);
  }

  result(perInstance: readonly { requests: number; ok: number }[]): StatelessnessResult {
    const reference = this.samples[0]!.texts[0];
    const findings: DivergenceFinding[] = [];
    if (reference !== undefined) {
      const expected = this.samples[0]!.answers.get(reference);
      this.samples.forEach((sample, index) => {
        const differing = sample.texts.filter((t) => t !== reference);
        if (differing.length === 0) return;
        const where = firstDifference(expected, sample.answers.get(differing[0]!), '$')!;
        findings.push({
          instance: index + 1,
          endpoint: this.endpoints[index]!,
          differing: differing.length,
          compared: sample.compared,
          ...where,
        });
      });
    }
    return {
      instances: this.samples.map((s, i) => ({
        instance: i + 1,
        endpoint: this.endpoints[i]!,
        requests: perInstance[i]?.requests ?? 0,
        ok: perInstance[i]?.ok ?? 0,
        compared: s.compared,
      })),
      divergent: findings.length > 0,
      findings,
      compared: `${this.method === 'tools/list' ? 'the tool list' : 'the tool result content'} (${COMPARED_FIELDS[this.method].join(', ')}; _meta and ids ignored), first ${SAMPLES_PER_INSTANCE} answers per instance, against instance 1's first answer`,
    };
  }
}

function pick(result: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) if (result[field] !== undefined) out[field] = result[field];
  return out;
}

/** Drops `_meta` everywhere and sorts object keys, so equal answers have equal text. */
function normalise(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalise);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) if (key !== '_meta') out[key] = normalise((value as Record<string, unknown>)[key]);
  return out;
}

function firstDifference(a: unknown, b: unknown, path: string): Pick<DivergenceFinding, 'path' | 'expected' | 'received'> | undefined {
  if (JSON.stringify(a) === JSON.stringify(b)) return undefined;
  const bothArrays = Array.isArray(a) && Array.isArray(b);
  const bothObjects = isRecord(a) && isRecord(b);
  if (bothArrays && a.length === b.length) {
    for (let i = 0; i < a.length; i++) {
      const found = firstDifference(a[i], b[i], `${path}[${i}]`);
      if (found) return found;
    }
  } else if (bothObjects && sameKeys(a, b)) {
    for (const key of Object.keys(a)) {
      const found = firstDifference(a[key], b[key], `${path}.${key}`);
      if (found) return found;
    }
  }
  return { path, expected: excerpt(a), received: excerpt(b) };
}
function sameKeys(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => k in b);
}

function excerpt(value: unknown): string {
  const text = value === undefined ? '(absent)' : redact(JSON.stringify(value));
  return cutAfter(text, EXCERPT_CHARS);
}

/**
 * Content-addressed model answers on disk, so re-running an unchanged suite makes no provider calls.
 * The key holds the sample index, so the N repeats of a case stay N independent answers rather than
 * one answer served N times. One JSON file per answer; writes go through a temporary file and a
 * rename, so an interrupted run never leaves a half-written entry that a later run would serve.
 *
 * The directory is data mcpgate finds again, often restored from a CI cache: an entry is read as
 * untrusted (shared/files.ts: no FIFO, device or symlink, at most MAX_CACHE_ENTRY_BYTES), and it is
 * served only when it says what produced it (the cache version, provider, model and the digest of
 * the request) and that matches the request looked up. Anything else is a miss, warned about once
 * per run, and in write mode the fresh answer replaces it.
 */

import path from 'node:path';
import { canonicalSha256 } from '../shared/canonical-json.js';
import { CACHE_ENTRY, readBounded, replaceFile } from '../shared/files.js';
import { safe } from '../report/terminal-escape.js';
import { redact, redactDeep } from '../shared/redact.js';
import type { CallStats, GenerateRequest, ModelClient, ModelTurn } from './types.js';
import { isRecord } from '../shared/guards.js';

/**
 * off: no cache. read: serve hits, misses go to the provider and are not stored (a CI run that must
 * not grow the cache). write (default): serve hits, store misses. refresh: ignore hits, store fresh.
 */
export type CacheMode = 'off' | 'read' | 'write' | 'refresh';
export const CACHE_MODES: readonly CacheMode[] = ['off', 'read', 'write', 'refresh'];
export const DEFAULT_CACHE_DIR = '.mcpgate/cache/models';
/**
 * Part of every key: entries of version 1 (no provenance) live under other names, so they are plain
 * misses rather than entries to refuse one by one.
 */
export const CACHE_VERSION = 2;

export interface CacheOptions {
  dir: string;
  mode: CacheMode;
}

export function cacheKey(modelId: string, request: GenerateRequest): string {
  const material = {
    cache: CACHE_VERSION,
    model: modelId,
    messages: request.messages,
    tools: request.tools,
    temperature: request.temperature,
    maxOutputTokens: request.maxOutputTokens ?? null,
    sampleIndex: request.sampleIndex,
    // Only when set, so the keys of requests without it stay what they were.
    ...(request.toolChoice ? { toolChoice: request.toolChoice } : {}),
  };
  return canonicalSha256(material);
}

export function withCache(model: ModelClient, options: CacheOptions, stats: CallStats): ModelClient {
  // Free and deterministic: caching the baseline would only add disk traffic, and it is no provider.
  if (model.kind === 'lexical-baseline') return model;
  const { dir, mode } = options;
  // Off needs no key: hashing the canonical request is a measurable share of a run's CPU.
  if (mode === 'off') {
    return {
      id: model.id,
      kind: model.kind,
      generate(request, signal) {
        stats.providerCalls++;
        return model.generate(request, signal);
      },
    };
  }
  return {
    id: model.id,
    kind: model.kind,
    async generate(request, signal) {
      const key = cacheKey(model.id, request);
      const file = entryPath(dir, key);
      if (mode === 'read' || mode === 'write') {
        const hit = readEntry(file, provenanceOf(model.id, key));
        if (hit !== undefined) {
          stats.cacheHits++;
          return { ...hit, cached: true };
        }
      }
      stats.providerCalls++;
      const turn = await model.generate(request, signal);
      if (mode === 'write' || mode === 'refresh') writeEntry(file, provenanceOf(model.id, key), turn);
      return turn;
    },
  };
}

function entryPath(dir: string, key: string): string {
  return path.join(dir, key.slice(0, 2), `${key}.json`);
}

/** What produced an entry: written into it, and compared on every read. */
interface Provenance {
  cache: number;
  provider: string;
  model: string;
  /** The key: the sha256 of the canonical request. */
  request: string;
}

function provenanceOf(modelId: string, key: string): Provenance {
  const colon = modelId.indexOf(':');
  return { cache: CACHE_VERSION, provider: modelId.slice(0, colon), model: modelId.slice(colon + 1), request: key };
}

let warned = false;

/**
 * One stderr line for the first unusable entry of the run. Written here rather than through
 * sdk-warnings.ts: every command loads this module for its default directory, and nothing else of models/.
 */
function ignored(file: string, why: string): undefined {
  if (warned) return undefined;
  warned = true;
  const text = `the model cache entry ${file} was not used (${why}): the provider is asked instead; other unusable entries in this run are misses without a warning`;
  process.stderr.write(`mcpgate: warning: ${safe(redact(text))}\n`);
  return undefined;
}

/** A miss when absent (silently) or unusable (with a warning): unreadable, malformed, or produced by something else. */
function readEntry(file: string, expected: Provenance): ModelTurn | undefined {
  const read = readBounded(file, CACHE_ENTRY);
  if ('refused' in read) return read.refused === 'missing' ? undefined : ignored(file, read.cause);
  let entry: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(read.bytes.toString('utf8'));
    if (!isRecord(parsed)) return ignored(file, 'it is not a JSON object');
    entry = parsed;
  } catch {
    return ignored(file, 'it is not valid JSON');
  }
  for (const field of ['cache', 'provider', 'model', 'request'] as const) {
    if (entry[field] !== expected[field])
      return ignored(
        file,
        entry[field] === undefined
          ? `it does not say which ${field} produced it`
          : field === 'request'
            ? 'it records the answer to another request'
            : `its ${field} is ${JSON.stringify(entry[field])}, not ${JSON.stringify(expected[field])}`,
      );
  }
  return isModelTurn(entry.turn) ? entry.turn : ignored(file, 'its answer is malformed');
}

function writeEntry(file: string, provenance: Provenance, answer: ModelTurn): void {
  // The flag and the timing describe one delivery of the answer, not the answer.
  const { cached: _delivery, wireMs: _timing, ...turn } = answer;
  // A model's answer may repeat a tool result, and so whatever credential a server echoed: masked on disk too.
  replaceFile(file, `${JSON.stringify({ ...provenance, turn: redactDeep(turn) }, null, 2)}\n`);
}

function isModelTurn(value: unknown): value is ModelTurn {
  if (!isRecord(value)) return false;
  const { text, toolCalls, usage, finishReason } = value;
  return (
    typeof text === 'string' &&
    typeof finishReason === 'string' &&
    isRecord(usage) &&
    Array.isArray(toolCalls) &&
    toolCalls.every((c) => isRecord(c) && typeof c.id === 'string' && typeof c.name === 'string' && isRecord(c.arguments))
  );
}

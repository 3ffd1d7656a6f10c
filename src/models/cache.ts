/**
 * Content-addressed model answers on disk, so re-running an unchanged suite makes no provider calls.
 * The key holds the sample index, so the N repeats of a case stay N independent answers rather than
 * one answer served N times. One JSON file per answer; writes go through a temporary file and a
 * rename, so an interrupted run never leaves a half-written entry that a later run would serve.
 */

import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { canonicalJson } from '../shared/canonical-json.js';
import { redactDeep } from '../shared/redact.js';
import type { CallStats, GenerateRequest, ModelClient, ModelTurn } from './types.js';

/**
 * off: no cache. read: serve hits, misses go to the provider and are not stored (a CI run that must
 * not grow the cache). write (default): serve hits, store misses. refresh: ignore hits, store fresh.
 */
export type CacheMode = 'off' | 'read' | 'write' | 'refresh';
export const CACHE_MODES: readonly CacheMode[] = ['off', 'read', 'write', 'refresh'];
export const DEFAULT_CACHE_DIR = '.mcpgate/cache/models';

export interface CacheOptions {
  dir: string;
  mode: CacheMode;
}

export function cacheKey(modelId: string, request: GenerateRequest): string {
  const material = {
    model: modelId,
    messages: request.messages,
    tools: request.tools,
    temperature: request.temperature,
    maxOutputTokens: request.maxOutputTokens ?? null,
    sampleIndex: request.sampleIndex,
    // Only when set, so the keys of requests without it stay what they were.
    ...(request.toolChoice ? { toolChoice: request.toolChoice } : {}),
  };
  return createHash('sha256').update(canonicalJson(material)).digest('hex');
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
      const file = entryPath(dir, cacheKey(model.id, request));
      if (mode === 'read' || mode === 'write') {
        const hit = await readEntry(file);
        if (hit !== undefined) {
          stats.cacheHits++;
          return { ...hit, cached: true };
        }
      }
      stats.providerCalls++;
      const turn = await model.generate(request, signal);
      if (mode === 'write' || mode === 'refresh') await writeEntry(file, model.id, turn);
      return turn;
    },
  };
}

function entryPath(dir: string, key: string): string {
  return path.join(dir, key.slice(0, 2), `${key}.json`);
}

/** Missing, unreadable or malformed entries are all misses; write mode then overwrites them. */
async function readEntry(file: string): Promise<ModelTurn | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return undefined;
  }
  try {
    const entry = JSON.parse(text) as { turn?: unknown };
    return isModelTurn(entry.turn) ? entry.turn : undefined;
  } catch {
    return undefined;
  }
}

async function writeEntry(file: string, model: string, answer: ModelTurn): Promise<void> {
  // The flag and the timing describe one delivery of the answer, not the answer.
  const { cached: _delivery, wireMs: _timing, ...turn } = answer;
  await mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${randomUUID()}.tmp`;
  // A model's answer may repeat a tool result, and so whatever credential a server echoed: masked on disk too.
  await writeFile(tmp, `${JSON.stringify(redactDeep({ model, turn }), null, 2)}\n`, 'utf8');
  await rename(tmp, file);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
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

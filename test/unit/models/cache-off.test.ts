/**
 * `--cache off` must not pay for a cache key: the key is the canonical sha256 of the whole request,
 * so counting calls of canonicalSha256 observes whether a key was computed.
 */

import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withCache, type CacheMode } from '../../../src/models/cache.js';
import { createModel } from '../../../src/models/registry.js';
import type { CallStats, GenerateRequest } from '../../../src/models/types.js';
import { canonicalSha256 } from '../../../src/shared/canonical-json.js';
import { chatCompletion, startFakeOpenAI, type FakeLlm } from '../../helpers/fake-llm.js';

vi.mock('../../../src/shared/canonical-json.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../src/shared/canonical-json.js')>();
  return { ...original, canonicalSha256: vi.fn(original.canonicalSha256) };
});

const REQUEST: GenerateRequest = {
  messages: [{ role: 'user', content: "What's the weather in Paris?" }],
  tools: [{ name: 'get_weather', description: 'Weather in one city.', inputSchema: { type: 'object' } }],
  sampleIndex: 0,
  temperature: 0,
};

let fake: FakeLlm | undefined;
let dir = '';
afterEach(async () => {
  await fake?.close();
  fake = undefined;
  if (dir !== '') await rm(dir, { recursive: true, force: true });
  dir = '';
});

async function twoCalls(mode: CacheMode): Promise<{ keys: number; stats: CallStats; files: string[] }> {
  fake = await startFakeOpenAI(() => chatCompletion({ text: 'sunny' }));
  dir = await mkdtemp(path.join(tmpdir(), 'mcpgate-cache-off-'));
  const stats: CallStats = { providerCalls: 0, cacheHits: 0 };
  const inner = createModel('openai-chat:gpt-4.1-mini', { baseUrl: fake.baseUrl, env: { OPENAI_API_KEY: 'sk-test-x' } });
  const model = withCache(inner, { dir, mode }, stats);
  vi.mocked(canonicalSha256).mockClear();
  await model.generate(REQUEST);
  await model.generate(REQUEST);
  return { keys: vi.mocked(canonicalSha256).mock.calls.length, stats, files: await readdir(dir) };
}

describe('cache key under --cache off', () => {
  it('computes no key and touches no file, yet every call reaches the provider and is counted', async () => {
    const off = await twoCalls('off');
    expect(off.keys).toBe(0);
    expect(off.files).toEqual([]);
    expect(off.stats).toEqual({ providerCalls: 2, cacheHits: 0 });
    expect(fake!.requests).toHaveLength(2);
  });

  it('computes one key per call in every other mode (the counter sees keys when there are some)', async () => {
    const write = await twoCalls('write');
    expect(write.keys).toBe(2);
    expect(write.stats).toEqual({ providerCalls: 1, cacheHits: 1 });
  });
});

/**
 * A model call's wire time is taken on the network thread: mcpgate's own event loop being busy when
 * the answer arrives (other samples' work under --concurrency) does not count as the provider's time,
 * while errors still reach the SDK the way its retry and error mapping expect them.
 */

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createModel } from '../../../src/models/registry.js';
import { ModelError, type GenerateRequest } from '../../../src/models/types.js';
import { referenceStdio, runCli, tempDir } from '../../helpers/cli.js';
import { chatCompletion, reply, startFakeOpenAI, type FakeLlm } from '../../helpers/fake-llm.js';
import { closedPortUrl } from '../../helpers/fake-servers.js';

const REQUEST: GenerateRequest = {
  messages: [{ role: 'user', content: "What's the weather in Paris?" }],
  tools: [],
  sampleIndex: 0,
  temperature: 0,
};
const ENV = { OPENAI_API_KEY: 'sk-test-0123456789abcdef0123456789abcdef' };
const BLOCK_MS = 1_000;

/** Holds this thread the way a burst of other samples' parsing and scoring would. */
function blockThisThread(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until);
}

let fake: FakeLlm | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

describe('wire time of a model call', () => {
  it('leaves out the time mcpgate blocks its own event loop after the answer arrived', async () => {
    // The fake answers, and right after sending, this thread (the client's thread) is blocked.
    fake = await startFakeOpenAI(() => {
      setImmediate(() => blockThisThread(BLOCK_MS));
      return chatCompletion({ text: 'sunny', usage: { input: 5, output: 1 } });
    });
    const model = createModel('openai-chat:gpt-4.1-mini', { baseUrl: fake.baseUrl, env: ENV });
    const started = Date.now();
    const turn = await model.generate(REQUEST);
    const wall = Date.now() - started;
    expect(turn.text).toBe('sunny');
    expect(wall).toBeGreaterThanOrEqual(BLOCK_MS);
    expect(turn.wireMs).toBeGreaterThan(0);
    // Had the block been counted, the wire time would be the whole wall time. Compared with this call's
    // own wall time, not a fixed figure: on a crowded runner the exchange itself may take a second.
    expect(turn.wireMs!).toBeLessThan(wall - BLOCK_MS / 2);
  });

  it('is taken on the main thread when one call runs at a time (--concurrency 1): no thread, the block counts', async () => {
    // Nothing else shares the loop at --concurrency 1, so the thread would buy nothing; this shows which clock ran.
    fake = await startFakeOpenAI(() => {
      setImmediate(() => blockThisThread(BLOCK_MS));
      return chatCompletion({ text: 'sunny', usage: { input: 5, output: 1 } });
    });
    const model = createModel('openai-chat:gpt-4.1-mini', { baseUrl: fake.baseUrl, env: ENV, concurrency: 1 });
    const turn = await model.generate(REQUEST);
    expect(turn.text).toBe('sunny');
    expect(turn.wireMs!).toBeGreaterThanOrEqual(BLOCK_MS - 20);
  });

  it('finds its clock by a request header that never reaches the provider, on the thread and on the main thread', async () => {
    fake = await startFakeOpenAI(() => chatCompletion({ text: 'sunny', usage: { input: 5, output: 1 } }));
    for (const concurrency of [1, 4]) {
      const model = createModel('openai-chat:gpt-4.1-mini', { baseUrl: fake.baseUrl, env: ENV, concurrency });
      const turn = await model.generate(REQUEST);
      expect(turn.wireMs).toBeGreaterThan(0);
    }
    expect(fake.requests).toHaveLength(2);
    for (const request of fake.requests) {
      expect(Object.keys(request.headers).filter((name) => name.startsWith('x-mcpgate'))).toEqual([]);
      expect(request.headers['content-type']).toMatch(/^application\/json/);
    }
  });

  it('passes a refused connection on as the SDK reads it: a connection failure naming the cause', async () => {
    const baseUrl = (await closedPortUrl()).replace(/\/mcp$/, '/v1');
    for (const concurrency of [1, 4]) {
      const model = createModel('openai-chat:gpt-4.1-mini', { baseUrl, env: ENV, maxRetries: 0, concurrency });
      const error = await model.generate(REQUEST).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ModelError);
      expect((error as ModelError).kind).toBe('provider-error');
      expect((error as ModelError).message).toMatch(/Cannot connect to API: .*ECONNREFUSED/);
    }
  });
});

describe('the network thread', () => {
  it('does not keep the CLI alive after a model call timed out: the case errors, the run is inconclusive (5)', async () => {
    fake = await startFakeOpenAI([reply.hang()]);
    const dir = tempDir();
    const golden = join(dir, 'tasks.yaml');
    writeFileSync(golden, '- id: weather\n  prompt: "What\'s the weather in Paris?"\n  expect_tool: get_weather\n');
    const run = await runCli(
      [
        'eval',
        '--stdio',
        referenceStdio(),
        '--golden',
        golden,
        '--model',
        'openai-chat:gpt-4.1-mini',
        '--runs',
        '1',
        '--model-timeout',
        '500',
        '--cache',
        'off',
      ],
      { env: { ...ENV, OPENAI_BASE_URL: fake.baseUrl }, timeoutMs: 30_000 },
    );
    expect(run.stderr + run.stdout).toMatch(/no answer within 500 ms/);
    expect(run.code).toBe(5);
  });
});

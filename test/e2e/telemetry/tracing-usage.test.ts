/**
 * Token usage on the GenAI chat spans, end to end: the real CLI drives the real OpenAI adapter
 * against a fake endpoint that reports usage, and a real OTLP/HTTP receiver decodes what arrives.
 */

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startOtlpReceiver, type OtlpReceiver } from '../../../src/telemetry/otlp-receiver.js';
import { referenceStdio, runCli, tempDir } from '../../helpers/cli.js';
import { chatCompletion, startFakeOpenAI, type FakeLlm, type RecordedRequest } from '../../helpers/fake-llm.js';

let receiver: OtlpReceiver | undefined;
let llm: FakeLlm | undefined;
afterEach(async () => {
  await receiver?.close();
  await llm?.close();
});

/** Calls get_weather first, then answers; usage differs per step so a swapped attribute shows. */
function weatherModel(request: RecordedRequest): ReturnType<typeof chatCompletion> {
  const messages = request.body.messages as Array<{ role: string }>;
  return messages[messages.length - 1]!.role === 'tool'
    ? chatCompletion({ text: 'It is sunny in Paris.', usage: { input: 61, output: 9 } })
    : chatCompletion({ calls: [{ id: 'c1', name: 'get_weather', arguments: { city: 'Paris' } }], usage: { input: 40, output: 7 } });
}

describe('chat spans', () => {
  it('carry gen_ai.usage.input_tokens and output_tokens of every model call', async () => {
    receiver = await startOtlpReceiver();
    llm = await startFakeOpenAI(weatherModel);
    const golden = join(tempDir(), 'tasks.yaml');
    writeFileSync(golden, '- id: weather\n  prompt: "What\'s the weather in Paris?"\n  expect_tool: get_weather\n');
    const run = await runCli(
      ['eval', '--stdio', referenceStdio(), '--golden', golden, '--model', 'openai-chat:gpt-4.1-mini', '--runs', '3', '--cache', 'off'],
      {
        env: {
          OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
          OPENAI_API_KEY: 'sk-test-0123456789abcdef0123456789abcdef',
          OPENAI_BASE_URL: llm.baseUrl,
        },
      },
    );
    expect(run.code, run.stderr).toBe(0);
    // The CLI flushes its spans before it exits. Three runs of two steps: six model calls, six chat spans.
    const chats = receiver.spans.filter((s) => s.serviceName === 'mcpgate' && s.name.startsWith('chat '));
    expect(llm.requests).toHaveLength(6);
    expect(chats).toHaveLength(6);
    const usage = chats.map((s) => [s.attributes['gen_ai.usage.input_tokens'], s.attributes['gen_ai.usage.output_tokens']]);
    expect(usage.filter(([i, o]) => i === 40 && o === 7)).toHaveLength(3);
    expect(usage.filter(([i, o]) => i === 61 && o === 9)).toHaveLength(3);
  });
});

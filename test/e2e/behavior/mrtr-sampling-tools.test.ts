/**
 * Layer 1 answers an MRTR sampling request that offers tools: mcpgate declares sampling.tools, the
 * reference server's mrtr_sampling_tools then offers lookup_figure, the scripted OpenAI chat model
 * (the model under test, answering the sampling request too) gets that tool over the real provider
 * adapter and calls it, and the server receives a tool_use answer. The trajectory records the
 * offered tools and the tool use.
 */

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../../src/report/model.js';
import { referenceStdio, runCli, tempDir } from '../../helpers/cli.js';
import { readPossibleReport } from '../../helpers/report-invariants.js';
import { chatCompletion, startFakeOpenAI, type FakeLlm, type RecordedRequest } from '../../helpers/fake-llm.js';

const GOLDEN = `defaults:
  kind: hard
cases:
  - id: sampling-with-tools
    prompt: Plan the quarterly report with the model's help.
    expect_tool: mrtr_sampling_tools
    expect_input: { kind: sampling, message: "^Summarise the quarterly report" }
`;

interface OpenAiTool {
  function: { name: string };
}

/** The agent turn calls the MRTR tool; the sampling turn (offered only lookup_figure) calls that. */
function scriptedModel(request: RecordedRequest): ReturnType<typeof chatCompletion> {
  const messages = request.body.messages as Array<{ role: string }>;
  const tools = ((request.body.tools as OpenAiTool[] | undefined) ?? []).map((t) => t.function.name);
  if (messages.at(-1)!.role === 'tool') return chatCompletion({ text: 'Done.' });
  if (tools.includes('mrtr_sampling_tools'))
    return chatCompletion({ calls: [{ id: 'agent-1', name: 'mrtr_sampling_tools', arguments: { topic: 'quarterly report' } }] });
  if (tools.includes('lookup_figure'))
    return chatCompletion({ calls: [{ id: 'sample-1', name: 'lookup_figure', arguments: { figure: 'revenue' } }] });
  return chatCompletion({ text: 'A plain summary.' });
}

let llm: FakeLlm;
let report: Report;
let code: number | null;

beforeAll(async () => {
  llm = await startFakeOpenAI((request) => scriptedModel(request));
  const dir = tempDir();
  writeFileSync(join(dir, 'golden.yaml'), GOLDEN);
  const out = join(dir, 'report.json');
  const run = await runCli(
    ['eval', '--stdio', referenceStdio(), '--golden', join(dir, 'golden.yaml'), '--model', 'openai-chat:fake-model'].concat([
      '--cache',
      'off',
      '--runs',
      '1',
      '--trajectories',
      'all',
      '--report',
      out,
    ]),
    { env: { OPENAI_API_KEY: 'sk-test-0123456789abcdef0123456789abcdef', OPENAI_BASE_URL: llm.baseUrl } },
  );
  expect(run.stderr).toBe('');
  code = run.code;
  report = readPossibleReport(out);
});
afterAll(async () => {
  await llm.close();
});

describe('MRTR sampling with tools', () => {
  it('the sampling request reached the model with the tool the server offered, and its message', () => {
    const sampling = llm.requests.find((r) =>
      ((r.body.tools as OpenAiTool[] | undefined) ?? []).some((t) => t.function.name === 'lookup_figure'),
    );
    expect(sampling).toBeDefined();
    expect((sampling!.body.tools as OpenAiTool[]).map((t) => t.function.name)).toEqual(['lookup_figure']);
    expect(JSON.stringify(sampling!.body.messages)).toContain('Summarise the quarterly report in one sentence.');
    // The server asked with toolChoice auto, so the provider was not forced either way.
    expect(sampling!.body.tool_choice).toBe('auto');
  });

  it("the server got the model's tool use, the round records it, and the case passes", () => {
    const c = report.eval!.cases[0]!;
    expect(c.status).toBe('pass');
    expect(code).toBe(0);
    const call = c.trajectories[0]!.calls[0]!;
    expect(call.rounds).toEqual([
      {
        inputs: [
          {
            key: 'plan',
            kind: 'sampling',
            message: 'Summarise the quarterly report in one sentence.',
            tools: ['lookup_figure'],
            answer: 'tool_use lookup_figure',
          },
        ],
        requestState: true,
      },
    ]);
    // The reference server summarises a tool_use answer by its type: it saw tool_use content, not text.
    expect(call.result).toContain('plan: a tool_use answer');
  });
});

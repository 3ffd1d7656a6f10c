/**
 * The same eval as `mcpgate eval` in bench/vs-mcpjam.ts, written with @mcpjam/sdk as its README shows:
 * an MCPClientManager connected over HTTP, a HostRunner on the fake model (an OpenAI-compatible custom
 * provider), and one EvalTest per case with `iterations` = runs. A sample passes when get_weather was
 * called with the expected city, compared as mcpgate's `normalized` match does (trimmed, case-folded).
 * Cases run `--concurrency` at a time, as mcpgate's samples do. Prints one JSON line: samples, passed.
 *
 * @mcpjam/sdk is not a dependency of mcpgate: it is loaded from `--dir`, where bench/vs-mcpjam.ts
 * installed it.
 *
 *   node dist/bench/mcpjam-loop.js --dir DIR --url URL --base-url URL --cases 100 --runs 5 --concurrency 4
 */

import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { weatherCases } from './weather-golden.js';

const arg = (name: string): string => process.argv[process.argv.indexOf(name) + 1]!;
const [dir, url, baseUrl] = [arg('--dir'), arg('--url'), arg('--base-url')];
const [cases, runs, concurrency] = ['--cases', '--runs', '--concurrency'].map((n) => Number(arg(n))) as [number, number, number];

/** The part of @mcpjam/sdk 1.14.0's API this loop uses. */
interface PromptResult {
  getToolArguments(tool: string): Record<string, unknown> | undefined;
}
interface Runner {
  run(prompt: string): Promise<PromptResult>;
}
interface McpJam {
  MCPClientManager: new () => {
    connectToServer(name: string, config: { url: string }): Promise<void>;
    getToolsForAiSdk(names: string[]): Promise<unknown>;
    disconnectServer(name: string): Promise<void>;
  };
  HostRunner: new (config: Record<string, unknown>) => Runner;
  EvalTest: new (config: { name: string; test: (runner: Runner) => Promise<boolean> }) => {
    run(runner: Runner, options: { iterations: number; concurrency: number }): Promise<unknown>;
    accuracy(): number;
  };
}

// The AI SDK in @mcpjam/sdk's tree warns on every call that its providers use a compatibility mode.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

const sdk = (await import(pathToFileURL(join(dir, 'node_modules/@mcpjam/sdk/dist/index.js')).href)) as McpJam;
const manager = new sdk.MCPClientManager();
await manager.connectToServer('weather', { url });
const runner = new sdk.HostRunner({
  tools: await manager.getToolsForAiSdk(['weather']),
  model: 'bench/bench-model',
  apiKey: 'bench-no-key',
  temperature: 0,
  customProviders: {
    bench: { name: 'bench', protocol: 'openai-compatible', baseUrl, modelIds: ['bench-model'], useChatCompletions: true },
  },
});

const normalized = (value: unknown): string => String(value).trim().toLowerCase();
const queue = weatherCases(cases);
let passed = 0;
async function worker(): Promise<void> {
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    const { id, prompt, expected } = next;
    const test = new sdk.EvalTest({
      name: id,
      test: async (r) => normalized((await r.run(prompt)).getToolArguments('get_weather')?.city) === normalized(expected),
    });
    await test.run(runner, { iterations: runs, concurrency: 1 });
    passed += Math.round(test.accuracy() * runs);
  }
}
await Promise.all(Array.from({ length: concurrency }, () => worker()));
await manager.disconnectServer('weather');
console.log(JSON.stringify({ samples: cases * runs, passed }));

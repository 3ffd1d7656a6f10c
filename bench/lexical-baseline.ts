/**
 * How long the lexical baseline (`--model baseline`) takes to answer one long user turn, over the
 * bundled reference server's tools. The prompt repeats a request full of capitalised names and
 * numbers, without quotes (a quote would answer the city and skip the name reader), so every
 * argument reader runs on all of it: the time should grow linearly with its length (it was
 * quadratic: 300 KB took about a minute). Prints figures; a benchmark, not a test.
 *
 *   npm run bench:lexical                          (3 runs per size, the median printed)
 *   node dist/bench/lexical-baseline.js --runs 5
 */

import { TOOL_DEFINITIONS } from '../examples/reference-server/tool-definitions.js';
import { createBaseline } from '../src/models/baseline.js';
import type { ToolSpec } from '../src/models/types.js';

const SIZES_KB = [10, 100, 300];
const SENTENCE = 'Weather forecast in Paris and in New York for the next 5 days, in fahrenheit. Then Tokyo on 12 May at 3 pm, near Lyon! ';
const runsFlag = process.argv.indexOf('--runs');
const runs = runsFlag > 0 ? Number(process.argv[runsFlag + 1]) : 3;

const tools: ToolSpec[] = TOOL_DEFINITIONS.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema }));
const baseline = createBaseline();

async function timeOnce(prompt: string): Promise<number> {
  const started = performance.now();
  const turn = await baseline.generate({ messages: [{ role: 'user', content: prompt }], tools, sampleIndex: 0, temperature: 0 });
  const elapsed = performance.now() - started;
  // A prompt the baseline abstains on would skip argument reading, the part that was quadratic.
  if (turn.toolCalls.length !== 1) throw new Error(`the baseline called no tool: ${turn.text}`);
  return elapsed;
}

console.log(`lexical baseline, one user turn over the reference server's ${tools.length} tools, median of ${runs} runs`);
for (const kb of SIZES_KB) {
  const prompt = SENTENCE.repeat(Math.ceil((kb * 1024) / SENTENCE.length)).slice(0, kb * 1024);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(await timeOnce(prompt));
  times.sort((a, b) => a - b);
  const [median, min, max] = [times[Math.floor(times.length / 2)]!, times[0]!, times[times.length - 1]!].map((ms) => ms.toFixed(0));
  console.log(`${`${kb} KB`.padStart(7)}  median ${median!.padStart(6)} ms  min ${min} ms  max ${max} ms`);
}

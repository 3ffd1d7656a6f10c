/**
 * How `mcpgate eval` scales: a generated golden set of 100 and 1000 cases, 5 runs each, against the
 * reference server over HTTP and an instant fake model on 127.0.0.1 (bench/fake-model.ts), as a user
 * runs it (the whole CLI process, report written). Prints samples per second and the peak RSS of the
 * mcpgate process; the target is under 250 MB for 1000 cases x 5 runs. Then the model-call p50 at
 * --concurrency 1 and 16: a model that answers at once must not look slower when 16 samples run at
 * a time (mcpgate's own event-loop queueing is not the provider's latency). Prints figures; it is a
 * benchmark, not a test.
 *
 *   npm run bench:eval
 *   node dist/bench/eval-scale.js --cases 100,1000 --runs 5 --trajectories failing
 */

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchHttpServer } from '../examples/launch.js';
import { startFakeModel } from './fake-model.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'src/cli/main.js');
const server = join(root, 'examples/reference-server/main.js');

function flag(name: string, fallback: string): string {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1]! : fallback;
}
const sizes = flag('--cases', '100,1000').split(',').map(Number);
const runs = Number(flag('--runs', '5'));
const trajectories = flag('--trajectories', 'failing');
const RSS_TARGET_MB = 250;

const CITIES = ['Paris', 'Tokyo', 'Berlin', 'Lagos', 'Sydney'];

/** N cases for the reference server; every tenth names a city it does not know, so it fails. */
function goldenSet(cases: number): string {
  const lines = ['cases:'];
  for (let i = 0; i < cases; i++) {
    const city = i % 10 === 9 ? 'Atlantis' : CITIES[i % CITIES.length]!;
    const expected = i % 10 === 9 ? 'Paris' : city;
    lines.push(
      `  - id: weather-${i}`,
      `    prompt: What is the weather in ${city} right now? (case ${i})`,
      `    expect_tool: get_weather`,
      `    expect_args:`,
      `      city: { match: normalized, value: ${expected} }`,
    );
  }
  return lines.join('\n') + '\n';
}

/** Writes the process's peak RSS to a file when it exits: mcpgate's own figure, not the bench's. */
function peakRssHook(dir: string): string {
  const hook = join(dir, 'peak-rss.mjs');
  writeFileSync(
    hook,
    `import { writeFileSync } from 'node:fs';\nprocess.on('exit', () => writeFileSync(process.env.PEAK_RSS_FILE, String(process.resourceUsage().maxRSS)));\n`,
  );
  return hook;
}

async function runEval(
  dir: string,
  cases: number,
  url: string,
  baseUrl: string,
  concurrency?: number,
): Promise<{ report: string; line: string }> {
  const golden = join(dir, `golden-${cases}.yaml`);
  writeFileSync(golden, goldenSet(cases));
  const report = join(dir, `report-${cases}.json`);
  const rssFile = join(dir, `rss-${cases}`);
  const args = ['--import', peakRssHook(dir), cli, 'eval', '--url', url, '--golden', golden, '--model', 'openai-compatible:bench-model'];
  args.push('--base-url', baseUrl, '--runs', String(runs), '--cache', 'off', '--report', report, '--trajectories', trajectories, '--quiet');
  if (concurrency !== undefined) args.push('--concurrency', String(concurrency));
  const started = performance.now();
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, PEAK_RSS_FILE: rssFile } });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) stream.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const code = await new Promise<number | null>((resolvePromise) => child.once('close', resolvePromise));
  const seconds = (performance.now() - started) / 1000;
  if (code !== 0 && code !== 1) throw new Error(`mcpgate eval exited ${code}: ${output.slice(-600)}`);
  const samples = cases * runs;
  const peakMb = Number(readFileSync(rssFile, 'utf8')) / 1024;
  const reportMb = statSync(report).size / 1024 / 1024;
  const target = cases >= 1000 ? `  target < ${RSS_TARGET_MB} MB: ${peakMb < RSS_TARGET_MB ? 'met' : 'NOT met'}` : '';
  const line =
    `${String(cases).padStart(5)} cases x ${runs} runs  ${samples} samples in ${seconds.toFixed(1)} s  ${(samples / seconds).toFixed(0)} samples/s  ` +
    `peak RSS ${peakMb.toFixed(0)} MB  report ${reportMb.toFixed(1)} MB${target}`;
  return { report, line };
}

/** The model-call p50 the report gives for the one model of a run. */
function modelCallP50(report: string): number {
  const telemetry = (JSON.parse(readFileSync(report, 'utf8')) as { eval: { telemetry: Record<string, { modelCallMs?: { p50: number } }> } })
    .eval.telemetry;
  return Object.values(telemetry)[0]?.modelCallMs?.p50 ?? Number.NaN;
}

const dir = mkdtempSync(join(tmpdir(), 'mcpgate-bench-eval-'));
const http = await launchHttpServer(process.execPath, [server]);
const model = await startFakeModel();
try {
  console.log(
    `mcpgate eval, instant fake model, reference server over HTTP, --trajectories ${trajectories}; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  for (const cases of sizes) console.log((await runEval(dir, cases, http.url, model.baseUrl)).line);
  const p50 = async (concurrency: number): Promise<number> =>
    modelCallP50((await runEval(dir, 100, http.url, model.baseUrl, concurrency)).report);
  const [one, sixteen] = [await p50(1), await p50(16)];
  console.log(
    `model-call p50, 100 cases: --concurrency 1 ${one.toFixed(2)} ms, --concurrency 16 ${sixteen.toFixed(2)} ms (${(sixteen / one).toFixed(1)}x; ` +
      `it was 12x to 25x when calls were timed on mcpgate's own event loop)`,
  );
} finally {
  await model.close();
  await http.stop();
  rmSync(dir, { recursive: true, force: true });
}

/**
 * How `mcpgate eval` scales: a generated golden set of 100 and 1000 cases, 5 runs each, against the
 * reference server over HTTP and an instant fake model on 127.0.0.1 (bench/fake-model.ts), as a user
 * runs it (the whole CLI process, report written), beside the floor loop of bench/eval-floor.ts (plain,
 * then through the AI SDK) on the same cases. Prints samples per second, CPU per sample and peak RSS of
 * each process, mcpgate's samples/s as a ratio to the floor's (target >= 0.5x) and its peak RSS against
 * 250 MB for 1000 cases x 5 runs. Then the model-call p50 at --concurrency 1 and 16: a model that
 * answers at once must not look slower when 16 samples run at a time (mcpgate's own event-loop
 * queueing is not the provider's latency). Prints figures; it is a benchmark, not a test.
 *
 *   npm run bench:eval
 *   node dist/bench/eval-scale.js --cases 100,1000 --runs 5 --trajectories failing [--concurrency 4]
 */

import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchHttpServer } from '../examples/launch.js';
import { startFakeModel } from './fake-model.js';
import { measure, type Figures } from './process-figures.js';
import { weatherGolden } from './weather-golden.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'cli/mcpgate.js');
const server = join(root, 'examples/reference-server/main.js');
const floor = join(root, 'bench/eval-floor.js');

function flag(name: string, fallback: string): string {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1]! : fallback;
}
const sizes = flag('--cases', '100,1000').split(',').map(Number);
const runs = Number(flag('--runs', '5'));
const trajectories = flag('--trajectories', 'failing');
const RSS_TARGET_MB = 250;
const THROUGHPUT_TARGET = 0.5;
const CONCURRENCY = Number(flag('--concurrency', '4'));

async function runEval(
  dir: string,
  cases: number,
  url: string,
  baseUrl: string,
  concurrency = CONCURRENCY,
): Promise<{ report: string; figures: Figures }> {
  const golden = join(dir, `golden-${cases}.yaml`);
  writeFileSync(golden, weatherGolden(cases));
  const report = join(dir, `report-${cases}.json`);
  const args = ['eval', '--url', url, '--golden', golden, '--model', 'openai-compatible:bench-model', '--base-url', baseUrl];
  args.push('--runs', String(runs), '--cache', 'off', '--report', report, '--trajectories', trajectories, '--quiet');
  args.push('--concurrency', String(concurrency));
  return { report, figures: await measure(dir, cli, args) };
}

/** The floor loop (bench/eval-floor.ts) over the same cases, runs and concurrency; `sdk`: its model calls through the AI SDK. */
function runFloor(dir: string, cases: number, url: string, baseUrl: string, sdk = false): Promise<Figures> {
  const args = [
    '--url',
    url,
    '--base-url',
    baseUrl,
    '--cases',
    String(cases),
    '--runs',
    String(runs),
    '--concurrency',
    String(CONCURRENCY),
  ];
  return measure(dir, floor, sdk ? [...args, '--sdk'] : args);
}

function line(label: string, samples: number, f: Figures): string {
  return (
    `  ${label.padEnd(12)} ${(samples / f.seconds).toFixed(0).padStart(5)} samples/s  ${(f.cpuMs / samples).toFixed(2)} ms CPU/sample  ` +
    `${(f.cpuMs / 1000).toFixed(1)} CPU-s in ${f.seconds.toFixed(1)} s  peak RSS ${f.peakMb.toFixed(0)} MB`
  );
}

/** mcpgate beside the floor on one golden set, run one after the other so both see the same load. */
async function compare(dir: string, cases: number, url: string, baseUrl: string): Promise<void> {
  const samples = cases * runs;
  const floorFigures = await runFloor(dir, cases, url, baseUrl);
  const sdkFigures = await runFloor(dir, cases, url, baseUrl, true);
  const { report, figures } = await runEval(dir, cases, url, baseUrl);
  const reportMb = statSync(report).size / 1024 / 1024;
  const throughput = floorFigures.seconds / figures.seconds;
  const cpu = figures.cpuMs / floorFigures.cpuMs;
  console.log(`${cases} cases x ${runs} runs (${samples} samples), --concurrency ${CONCURRENCY}; report ${reportMb.toFixed(1)} MB`);
  console.log(line('floor', samples, floorFigures));
  console.log(line('floor+AI SDK', samples, sdkFigures));
  console.log(line('mcpgate', samples, figures));
  const rss = cases >= 1000 ? `; peak RSS target < ${RSS_TARGET_MB} MB: ${figures.peakMb < RSS_TARGET_MB ? 'met' : 'NOT met'}` : '';
  console.log(
    `  mcpgate/floor: samples/s ${throughput.toFixed(2)}x (target >= ${THROUGHPUT_TARGET}x: ${throughput >= THROUGHPUT_TARGET ? 'met' : 'NOT met'}), ` +
      `CPU ${cpu.toFixed(1)}x${rss}`,
  );
  const perSample = (f: Figures): number => f.cpuMs / samples;
  console.log(
    `  CPU per sample above the floor: the AI SDK ${(perSample(sdkFigures) - perSample(floorFigures)).toFixed(2)} ms, ` +
      `mcpgate's own ${(perSample(figures) - perSample(sdkFigures)).toFixed(2)} ms`,
  );
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
  for (const cases of sizes) await compare(dir, cases, http.url, model.baseUrl);
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

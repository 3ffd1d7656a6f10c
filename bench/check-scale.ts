/**
 * How `mcpgate check` grows with the server: whole-process wall time of `check --quiet` against the
 * SDK many-tools shape (test/fixtures/sdk-shapes.ts) with 10, 1,000 and 5,000 read-only tools, and
 * against the bundled reference server beside bare `node -e 0`, all over HTTP. The cases take turns
 * round by round, so a change in the machine's load falls on all of them alike; each line is the
 * median of the rounds and a ratio (to `node -e 0` for the reference server, to the 10-tool time for
 * the big servers) held to its target (issue 29). Then each case runs three more times with a preload
 * (bench/process-usage.ts; the servers do not get it) that records mcpgate's own CPU time, which a
 * busy machine inflates far less than wall time, and its peak RSS, so memory per tool shows too.
 * Load average at start and end. Prints figures; it is a benchmark, not a test. Needs `npm run build`.
 *
 *   npm run bench:check-scale            (7 rounds)
 *   node dist/bench/check-scale.js --rounds 15
 */

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { launchHttpServer, type LaunchedServer } from '../examples/launch.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'cli/mcpgate.js');
const reference = join(root, 'examples/reference-server/main.js');
const shapes = join(root, 'test/fixtures/sdk-shapes.js');
const usagePreload = pathToFileURL(join(root, 'bench/process-usage.js')).href;
const USAGE_RUNS = 3;
const roundsFlag = process.argv.indexOf('--rounds');
const rounds = roundsFlag > 0 ? Number(process.argv[roundsFlag + 1]) : 7;
const RUN_TIMEOUT_MS = 300_000;

interface Case {
  label: string;
  args: string[];
  walls: number[];
  usage?: Usage;
}

/** Medians over the measured runs of one case: mcpgate's CPU time and peak RSS. */
interface Usage {
  cpuMs: number;
  peakMiB: number;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** One whole process, spawn to exit; with `usageFile`, its CPU time and peak RSS are written there at exit. */
function timeOne(args: string[], usageFile?: string): Promise<number> {
  const env = usageFile ? { ...process.env, NODE_OPTIONS: `--import ${usagePreload}`, MCPGATE_BENCH_USAGE_FILE: usageFile } : process.env;
  const started = performance.now();
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) stream.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const timer = setTimeout(() => child.kill('SIGKILL'), RUN_TIMEOUT_MS);
  return new Promise((resolvePromise, reject) => {
    child.once('close', (code) => {
      clearTimeout(timer);
      const wall = performance.now() - started;
      if (code === 0) resolvePromise(wall);
      else reject(new Error(`${args.join(' ')} exited ${code}: ${output.slice(-2000)}`));
    });
  });
}

async function usageOf(args: string[]): Promise<Usage> {
  const dir = mkdtempSync(join(tmpdir(), 'mcpgate-check-scale-'));
  try {
    const runs: Array<{ maxRssKiB: number; cpuMs: number }> = [];
    for (let i = 0; i < USAGE_RUNS; i++) {
      await timeOne(args, join(dir, 'usage'));
      runs.push(JSON.parse(readFileSync(join(dir, 'usage'), 'utf8')) as { maxRssKiB: number; cpuMs: number });
    }
    return { cpuMs: median(runs.map((r) => r.cpuMs)), peakMiB: median(runs.map((r) => r.maxRssKiB)) / 1024 };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const load = (): string =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

function verdict(ratio: number, target: number): string {
  return `target <= ${target}x: ${ratio <= target ? 'met' : 'NOT met'}`;
}

const servers: LaunchedServer[] = [];
const launch = async (args: string[]): Promise<string> => {
  const server = await launchHttpServer(process.execPath, args, { timeoutMs: 60_000 });
  servers.push(server);
  return server.url;
};

try {
  const check = (url: string): string[] => [cli, 'check', '--url', url, '--quiet'];
  const node: Case = { label: 'node -e 0', args: ['-e', '0'], walls: [] };
  const bundled: Case = { label: 'check, reference server', args: check(await launch([reference])), walls: [] };
  const many: Array<Case & { tools: number }> = [];
  for (const tools of [10, 1000, 5000]) {
    const url = await launch([shapes, '--shape', 'many-tools', '--tools', String(tools), '--http']);
    many.push({ label: `check, ${tools} tools`, args: check(url), walls: [], tools });
  }
  const cases = [node, bundled, ...many];

  console.log(
    `whole-process wall time over HTTP, median of ${rounds} rounds; ${availableParallelism()} cores, load average ${load()} at start`,
  );
  // One warm-up round, not counted: the first runs pay for a cold file cache.
  for (const one of cases) await timeOne(one.args);
  for (let round = 0; round < rounds; round++) for (const one of cases) one.walls.push(await timeOne(one.args));
  for (const one of cases) one.usage = await usageOf(one.args);

  const nodeMs = median(node.walls);
  const tenMs = median(many[0]!.walls);
  const row = (one: Case, ratio: string): void => {
    const walls = [...one.walls].sort((a, b) => a - b);
    const rss = one.usage
      ? `  CPU ${one.usage.cpuMs.toFixed(0).padStart(5)} ms  peak RSS ${one.usage.peakMiB.toFixed(0).padStart(3)} MiB`
      : '';
    console.log(
      `${one.label.padEnd(24)} median ${median(one.walls).toFixed(0).padStart(6)} ms  (min ${walls[0]!.toFixed(0)}, max ${walls[walls.length - 1]!.toFixed(0)})${rss}${ratio}`,
    );
  };
  row(node, '');
  const bundledRatio = median(bundled.walls) / nodeMs;
  const cpuRatio = bundled.usage && node.usage ? `; CPU ${(bundled.usage.cpuMs / node.usage.cpuMs).toFixed(1)}x` : '';
  row(bundled, `  ${bundledRatio.toFixed(1)}x node -e 0${cpuRatio}, ${verdict(bundledRatio, 3)}`);
  row(many[0]!, '');
  for (const [one, target] of [
    [many[1]!, 2],
    [many[2]!, 4],
  ] as const) {
    const ratio = median(one.walls) / tenMs;
    row(one, `  ${ratio.toFixed(2)}x the 10-tool time, ${verdict(ratio, target)}`);
  }
  const [small, , large] = many;
  if (small?.usage && large?.usage)
    console.log(
      `peak RSS per tool, 10 -> 5,000 tools: ${(((large.usage.peakMiB - small.usage.peakMiB) * 1024) / (large.tools - small.tools)).toFixed(1)} KiB`,
    );
  console.log(`load average ${load()} at the end (on a busy machine every wall time is inflated: compare the ratios)`);
} finally {
  await Promise.all(servers.map((s) => s.stop()));
}

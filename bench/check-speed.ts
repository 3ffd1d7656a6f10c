/**
 * How long mcpgate takes as a user runs it, the whole process from start to exit: `mcpgate --version`,
 * and a layer 0 `mcpgate check` against the bundled reference server over HTTP and over stdio. Each is
 * the median of N runs, printed beside bare `node -e 0` measured in the same run, and as a ratio to
 * it, so that the figure travels across machines. It also prints the load average: on a busy machine
 * every figure is inflated, the ratios less so. Prints figures; it is a benchmark, not a test.
 *
 *   npm run bench            (10 runs each)
 *   node dist/bench/check-speed.js --runs 20
 */

import { spawn } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchHttpServer } from '../examples/launch.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'cli/mcpgate.js');
const server = join(root, 'examples/reference-server/main.js');
const runsFlag = process.argv.indexOf('--runs');
const runs = runsFlag > 0 ? Number(process.argv[runsFlag + 1]) : 10;

/** Targets for an idle 2-core machine (issue 13). */
const TARGETS_MS = { version: 300, http: 500, stdio: 800 };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** One whole process, timed from spawn to exit. Not spawnSync: that would block this process from
 * reading the HTTP server's output pipes, and a server blocked on a full pipe answers late. */
function timeOne(args: string[]): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) stream.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  return new Promise((resolvePromise, reject) => {
    child.once('close', (code) => {
      const wall = performance.now() - started;
      if (code === 0) resolvePromise(wall);
      else reject(new Error(`${args.join(' ')} exited ${code}: ${output}`));
    });
  });
}

async function timeRuns(args: string[]): Promise<number[]> {
  const walls: number[] = [];
  for (let i = 0; i < runs; i++) walls.push(await timeOne(args));
  return walls.sort((a, b) => a - b);
}

function line(label: string, walls: number[], nodeMedian: number, targetMs?: number): number {
  const median = percentile(walls, 50);
  const target = targetMs === undefined ? '' : `  target <= ${targetMs} ms: ${median <= targetMs ? 'met' : 'NOT met'}`;
  console.log(
    `${label.padEnd(24)} median ${median.toFixed(0).padStart(5)} ms  ${(median / nodeMedian).toFixed(1).padStart(5)}x node  ` +
      `(min ${walls[0]!.toFixed(0)}, p90 ${percentile(walls, 90).toFixed(0)}, max ${walls[walls.length - 1]!.toFixed(0)})${target}`,
  );
  return median;
}

const load = (): string =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const http = await launchHttpServer(process.execPath, [server]);
try {
  console.log(`whole-process wall time, median of ${runs} runs each; ${availableParallelism()} cores, load average ${load()} at start`);
  const node = await timeRuns(['-e', '0']);
  const nodeMedian = percentile(node, 50);
  line('node -e 0', node, nodeMedian);
  line('mcpgate --version', await timeRuns([cli, '--version']), nodeMedian, TARGETS_MS.version);
  line('check, HTTP', await timeRuns([cli, 'check', '--url', http.url, '--quiet']), nodeMedian, TARGETS_MS.http);
  line(
    'check, stdio',
    await timeRuns([cli, 'check', '--stdio', `"${process.execPath}" "${server}" --stdio`, '--quiet']),
    nodeMedian,
    TARGETS_MS.stdio,
  );
  console.log(`load average ${load()} at the end (targets are for an idle machine: compare the ratios on a busy one)`);
} finally {
  await http.stop();
}

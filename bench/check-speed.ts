/**
 * How long a whole layer 0 run takes against the bundled reference server over HTTP (and, for
 * comparison, over stdio), as a user runs it: the `mcpgate check` process from start to exit.
 * Target: at most 1 s on a 2-core machine. Prints figures; it is a benchmark, not a test.
 *
 *   npm run bench            (10 runs each)
 *   node dist/bench/check-speed.js --runs 20
 */

import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchHttpServer } from '../examples/launch.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'src/cli/main.js');
const server = join(root, 'examples/reference-server/main.js');
const runsFlag = process.argv.indexOf('--runs');
const runs = runsFlag > 0 ? Number(process.argv[runsFlag + 1]) : 10;
const TARGET_MS = 1_000;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function timeRuns(label: string, args: string[]): number {
  const walls: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const run = spawnSync(process.execPath, [cli, 'check', ...args, '--quiet'], { encoding: 'utf8' });
    walls.push(performance.now() - started);
    if (run.status !== 0) throw new Error(`${label}: mcpgate exited ${run.status}: ${run.stdout}${run.stderr}`);
  }
  walls.sort((a, b) => a - b);
  const median = percentile(walls, 50);
  console.log(
    `${label.padEnd(22)} runs ${runs}  min ${walls[0]!.toFixed(0)} ms  median ${median.toFixed(0)} ms  p90 ${percentile(walls, 90).toFixed(0)} ms  max ${walls[walls.length - 1]!.toFixed(0)} ms`,
  );
  return median;
}

const http = await launchHttpServer(process.execPath, [server]);
try {
  console.log(`mcpgate check wall time, whole process (node start to exit), ${runs} runs each`);
  const httpMedian = timeRuns('reference over HTTP', ['--url', http.url]);
  timeRuns('reference over stdio', ['--stdio', `"${process.execPath}" "${server}" --stdio`]);
  console.log(`target: HTTP median <= ${TARGET_MS} ms: ${httpMedian <= TARGET_MS ? 'met' : 'NOT met'} (${httpMedian.toFixed(0)} ms)`);
} finally {
  await http.stop();
}

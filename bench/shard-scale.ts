/**
 * The scale-out path: one golden set run by `mcpgate eval` in one process, then split with
 * `--shard i/n` over n processes started side by side (as n runners of a CI matrix would run it) and
 * joined with `mcpgate merge`. For each n it prints the wall time, from the first process started to
 * the merged report written, and whether the merged report says what the unsharded one says: every
 * case's passes and runs per model, the suite's figures, the exit code and what did not pass, and the
 * verdict `mcpgate gate` gives each against the same baseline (the unsharded run itself).
 *
 * The model is the fake endpoint of bench/fake-model.ts with a latency per answer (100 ms by
 * default), since what a CI matrix spreads is the time spent waiting on a provider: each process
 * keeps --concurrency calls in flight, as each runner would against its own rate limit. On a machine
 * with few cores the figure to read is the trend with n. Prints figures; it is a benchmark, not a
 * test.
 *
 *   npm run bench:shard
 *   node dist/bench/shard-scale.js --cases 200 --runs 5 --shards 1,2,4 --latency 100 --concurrency 4
 */

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchHttpServer } from '../examples/launch.js';
import type { Report } from '../src/report/model.js';
import { startFakeModel } from './fake-model.js';
import { weatherGolden } from './weather-golden.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'cli/mcpgate.js');
const server = join(root, 'examples/reference-server/main.js');

function flag(name: string, fallback: string): string {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1]! : fallback;
}
const cases = Number(flag('--cases', '200'));
const runs = flag('--runs', '5');
const shardCounts = flag('--shards', '1,2,4').split(',').map(Number);
const latencyMs = Number(flag('--latency', '100'));
const concurrency = flag('--concurrency', '4');

/** Runs mcpgate with these arguments; resolves with its exit code, or rejects with its output. */
function mcpgate(args: string[], accept: readonly number[]): Promise<number> {
  const child = spawn(process.execPath, [cli, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) stream.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  return new Promise((resolvePromise, reject) =>
    child.once('close', (code) =>
      code !== null && accept.includes(code)
        ? resolvePromise(code)
        : reject(new Error(`mcpgate ${args[0]} exited ${code}: ${output.slice(-600)}`)),
    ),
  );
}

/** What a report must say alike, sharded or not: the cases, the suite, the verdict. */
function essence(file: string): string {
  const report = JSON.parse(readFileSync(file, 'utf8')) as Report;
  const rows = (report.eval?.cases ?? []).map((c) => `${c.model} ${c.id} ${c.passes}/${c.runs}`).sort();
  const summary = report.eval?.summary;
  const suite = summary && [
    summary.cases,
    summary.passed,
    summary.failed,
    summary.errored,
    summary.flaky,
    summary.selectionAccuracy,
    summary.argumentAccuracy,
  ];
  // The verdict's reason names the first few failing cases in the report's order, which for a merge is
  // shard order (docs/gate.md): the exit code and the set of what did not pass are what must agree.
  const { exitCode, suite: state } = report.verdict;
  const notPassing = (state?.notPassing ?? []).map((item) => `${item.id} ${item.status}`).sort();
  return JSON.stringify({ rows, suite, exitCode, state: state?.state, notPassing });
}

const dir = mkdtempSync(join(tmpdir(), 'mcpgate-bench-shard-'));
const reference = await launchHttpServer(process.execPath, [server]);
const model = await startFakeModel(latencyMs);
try {
  const golden = join(dir, 'golden.yaml');
  writeFileSync(golden, weatherGolden(cases));
  const evalArgs = (report: string): string[] => [
    'eval',
    '--url',
    reference.url,
    '--golden',
    golden,
    '--model',
    'openai-compatible:bench-model',
    '--base-url',
    model.baseUrl,
    '--runs',
    runs,
    '--concurrency',
    concurrency,
    '--cache',
    'off',
    '--report',
    report,
    '--quiet',
  ];
  console.log(
    `mcpgate eval of ${cases} cases x ${runs} runs, fake model answering in ${latencyMs} ms, --concurrency ${concurrency} per process; ` +
      `load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  );
  const unsharded = join(dir, 'unsharded.json');
  let oneProcessS = Number.NaN;
  // The gate's verdict of a report against the unsharded run as its baseline.
  const gateOf = (report: string): Promise<number> => mcpgate(['gate', '--report', report, '--baseline', unsharded, '--quiet'], [0, 1, 5]);
  for (const n of shardCounts) {
    const started = performance.now();
    let final: string;
    if (n === 1) {
      await mcpgate(evalArgs(unsharded), [0, 1]);
      final = unsharded;
    } else {
      const shards = Array.from({ length: n }, (_, i) => join(dir, `shard-${n}-${i + 1}.json`));
      await Promise.all(shards.map((file, i) => mcpgate([...evalArgs(file), '--shard', `${i + 1}/${n}`], [0, 1])));
      final = join(dir, `merged-${n}.json`);
      await mcpgate(['merge', ...shards, '--out', final], [0, 1]);
    }
    const seconds = (performance.now() - started) / 1000;
    if (n === 1) oneProcessS = seconds;
    const same = n === 1 ? 'the reference' : essence(final) === essence(unsharded) ? 'same report as one process' : 'DIFFERENT report';
    const gate =
      n === 1 ? '' : `, gate against the unsharded run: exit ${await gateOf(final)} (unsharded against itself: ${await gateOf(unsharded)})`;
    const speedup = Number.isNaN(oneProcessS) ? '' : ` (${(oneProcessS / seconds).toFixed(2)}x one process)`;
    console.log(`${String(n).padStart(2)} process${n === 1 ? '  ' : 'es'}  ${seconds.toFixed(1)} s${speedup}  ${same}${gate}`);
  }
} finally {
  await model.close();
  await reference.stop();
  if (process.argv.includes('--keep')) console.log(`reports kept in ${dir}`);
  else rmSync(dir, { recursive: true, force: true });
}

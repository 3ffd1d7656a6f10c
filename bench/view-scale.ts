/**
 * How `mcpgate view` holds up on a big history: 1,000 runs of a 100-case suite with 3 models (made as
 * bench/view-history.ts says: one real `mcpgate run`, the rest derived from its report and recorded
 * through the history store, in parallel child processes). Then the viewer as a user starts it, twice:
 * first on a history it has never indexed (every summary made from the stored reports), then again
 * with its index cache in place. For each start it prints the time until the URL is printed, and the
 * time to serve the runs list and a comparison (the newest run against its baseline) over HTTP.
 * Targets: the list under 1 s, the comparison under 2 s. Prints figures; it is a benchmark, not a test.
 *
 *   npm run bench:view
 *   node dist/bench/view-scale.js --runs 1000 --cases 100 --keep /tmp/view-history   (reuses a history made before)
 */

import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseReport } from '../src/report/json.js';
import { CACHE_DIR } from '../src/view/summary-cache.js';
import { realRun, recordRange } from './view-history.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'cli/mcpgate.js');

function flag(name: string, fallback: string): string {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1]! : fallback;
}

const LIST_TARGET_MS = 1_000;
const COMPARE_TARGET_MS = 2_000;

/** A child process recording runs `from`..`to` of the history (the CPU-bound part, spread over the cores). */
async function recordInChildren(history: string, firstReport: string, runs: number): Promise<void> {
  const workers = Math.max(1, Math.min(availableParallelism(), 8));
  const per = Math.ceil((runs - 1) / workers);
  const children = Array.from({ length: workers }, (_, w) => {
    const from = 1 + w * per;
    const to = Math.min(runs, from + per);
    const child = spawn(
      process.execPath,
      [fileURLToPath(import.meta.url), '--record-range', history, firstReport, String(from), String(to)],
      {
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    );
    return new Promise<number | null>((resolve) => child.once('close', resolve));
  });
  const codes = await Promise.all(children);
  if (codes.some((c) => c !== 0)) throw new Error(`a recording process failed: exit codes ${codes.join(', ')}`);
}

interface Timed {
  startMs: number;
  listMs: number[];
  compareMs: number[];
  runMs: number;
  exitCode: number | null;
}

async function timedGet(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url);
  const body = await response.text();
  if (response.status !== 200) throw new Error(`GET ${url}: ${response.status} ${body.slice(0, 200)}`);
  return performance.now() - started;
}

/** Starts `mcpgate view`, times its start, the list (3 times) and a comparison (3 times), then ends it with Ctrl-C. */
async function timeViewer(history: string, newest: string): Promise<Timed> {
  const started = performance.now();
  const child = spawn(process.execPath, [cli, 'view', '--history-dir', history], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => {
      out += c;
      const found = /^(http:\/\/127\.0\.0\.1:\d+\/[0-9a-f]+\/)$/m.exec(out);
      if (found) resolve(found[1]!);
    });
    void exited.then((code) => reject(new Error(`mcpgate view exited ${code} before printing its URL: ${stderr.slice(-400)}`)));
  });
  const startMs = performance.now() - started;
  const listMs: number[] = [];
  const compareMs: number[] = [];
  for (let i = 0; i < 3; i++) listMs.push(await timedGet(url));
  for (let i = 0; i < 3; i++) compareMs.push(await timedGet(`${url}compare/${newest}.html`));
  const runMs = await timedGet(`${url}run/${newest}.html`);
  child.kill('SIGINT');
  return { startMs, listMs, compareMs, runMs, exitCode: await exited };
}

/** `mcpgate view --export --last 50`, as the generated workflow runs it after each run. */
async function timeExport(history: string, dir: string): Promise<string> {
  const out = join(dir, 'export');
  const started = performance.now();
  const child = spawn(process.execPath, [cli, 'view', '--history-dir', history, '--export', out, '--last', '50'], { stdio: 'ignore' });
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  const files = ['run', 'compare', 'case'].reduce((n, d) => n + readdirSync(join(out, d)).length, 3);
  return `export of the newest 50 runs (as the workflow does): ${files} pages in ${seconds(performance.now() - started)}, exit code ${code}`;
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;
const verdict = (ms: number, target: number): string => (ms < target ? 'met' : 'NOT met');

function report(label: string, t: Timed): void {
  const firstList = t.listMs[0]!;
  const bestList = Math.min(...t.listMs);
  const firstCompare = t.compareMs[0]!;
  const bestCompare = Math.min(...t.compareMs);
  console.log(
    `${label}: URL printed after ${seconds(t.startMs)}; runs list ${seconds(firstList)} (best of 3 ${seconds(bestList)}, target < 1 s: ${verdict(firstList, LIST_TARGET_MS)}); ` +
      `comparison ${seconds(firstCompare)} (best of 3 ${seconds(bestCompare)}, target < 2 s: ${verdict(firstCompare, COMPARE_TARGET_MS)}); ` +
      `a run's page ${seconds(t.runMs)}; Ctrl-C exit code ${t.exitCode}`,
  );
}

async function main(): Promise<void> {
  const runs = Number(flag('--runs', '1000'));
  const cases = Number(flag('--cases', '100'));
  const kept = flag('--keep', '');
  const dir = kept || mkdtempSync(join(tmpdir(), 'mcpgate-bench-view-'));
  mkdirSync(dir, { recursive: true });
  const history = join(dir, 'history');
  try {
    const recorded = existsSync(history) ? readdirSync(history).filter((n) => n.endsWith('.json')).length : 0;
    if (recorded < runs) {
      rmSync(history, { recursive: true, force: true });
      let started = performance.now();
      await realRun(root, dir, history, cases);
      console.log(`the first run: mcpgate run, ${cases} cases x 3 models x 5 runs, in ${seconds(performance.now() - started)}`);
      started = performance.now();
      await recordInChildren(history, join(dir, 'reports/report.json'), runs);
      console.log(`${runs - 1} more runs recorded through the history store in ${seconds(performance.now() - started)}`);
    } else console.log(`reusing the ${recorded} runs in ${history}`);
    const entries = readdirSync(history)
      .filter((n) => n.endsWith('.json'))
      .sort();
    const newest = /_([0-9a-f]{16})\.json$/.exec(entries.at(-1)!)![1]!;
    console.log(
      `history: ${entries.length} runs; load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    rmSync(join(history, CACHE_DIR), { recursive: true, force: true });
    report('never indexed', await timeViewer(history, newest));
    report('index cached ', await timeViewer(history, newest));
    console.log(await timeExport(history, dir));
  } finally {
    if (!kept) rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--record-range') {
  const [history, firstReport, from, to] = process.argv.slice(3);
  const first = parseReport(readFileSync(firstReport!, 'utf8'));
  recordRange(history!, first, Number(from), Number(to));
} else {
  await main();
}

/**
 * Where the test suite's CPU goes: runs `vitest run` (all projects, or the arguments given after --)
 * with a preload in every node process it starts, directly or not, that records the process's own CPU
 * time and command line (at exit, and every 250 ms for a process that is killed instead), then prints
 * the CPU by source: vitest's own processes, each mcpgate command, the reference server, npm, other
 * fixtures. `.ci/run` prints the suite's total (every process, node or not); this says which part of it
 * is what, so that a change for test speed can be aimed and then measured.
 *
 * Not counted: processes that are not node (Chromium for the HTML tests, npm's shell steps) and a
 * process that spins without ever yielding (the CPU burners of test/e2e/conformance/under-load.test.ts),
 * whose timer never runs. It is a measuring tool, not a test; a run takes as long as the suite.
 *
 *   npm run build && node dist/bench/test-cpu.js [-- vitest arguments, e.g. --project e2e]
 */

import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const dir = mkdtempSync(join(tmpdir(), 'mcpgate-test-cpu-'));
const records = join(dir, 'records');
const preload = join(dir, 'record-cpu.cjs');
writeFileSync(
  preload,
  `const fs = require('node:fs');
// A worker thread shares its process's figures and pid: only the main thread records them.
if (require('node:worker_threads').isMainThread) {
const file = ${JSON.stringify(records)} + '/' + process.pid;
const write = () => { const u = process.resourceUsage(); try { fs.writeFileSync(file, JSON.stringify({ argv: process.argv.slice(1), cpu: (u.userCPUTime + u.systemCPUTime) / 1e6 })); } catch {} };
setInterval(write, 250).unref();
process.on('exit', write);
}
`,
);
mkdirSync(records);

const separator = process.argv.indexOf('--');
const vitestArgs = separator > 0 ? process.argv.slice(separator + 1) : [];

/** The source a process's command line belongs to. */
function sourceOf(argv: string[]): string {
  const line = argv.join(' ');
  const cli = argv.findIndex((a) => /(?:dist\/cli\/|\.bin\/)mcpgate(?:\.js)?$/.test(a));
  if (cli >= 0) return `mcpgate ${argv[cli + 1] ?? ''}`.trim();
  if (line.includes('vitest') || line.includes('tinypool')) return 'vitest (test files, in-process work)';
  if (line.includes('reference-server')) return 'reference server';
  if (argv.some((a) => /^np[mx](?:-cli\.js)?$/.test(basename(a)))) return 'npm';
  const fixture = argv.find((a) => a.includes('/fixtures/') || a.includes('/bench/'));
  if (fixture) return `fixture ${fixture.split('/').pop()}`;
  // Anything else by its script's file name (node -e and the like have none).
  const script = argv.find((a) => !a.startsWith('-'));
  return `other: ${script ? basename(script) : argv.slice(0, 1).join(' ') || 'node -e'}`;
}

const started = performance.now();
const code = await new Promise<number | null>((resolvePromise) => {
  const child = spawn(process.execPath, [join(repo, 'node_modules/vitest/vitest.mjs'), 'run', ...vitestArgs], {
    cwd: repo,
    stdio: 'ignore',
    env: { ...process.env, NODE_OPTIONS: `${process.env['NODE_OPTIONS'] ?? ''} --require ${preload}`.trim() },
  });
  child.once('close', resolvePromise);
});
const seconds = (performance.now() - started) / 1000;

const bySource = new Map<string, { processes: number; cpu: number }>();
for (const name of readdirSync(records)) {
  let record: { argv: string[]; cpu: number };
  try {
    record = JSON.parse(readFileSync(join(records, name), 'utf8')) as { argv: string[]; cpu: number };
  } catch {
    continue;
  }
  const source = sourceOf(record.argv);
  const entry = bySource.get(source) ?? { processes: 0, cpu: 0 };
  entry.processes++;
  entry.cpu += record.cpu;
  bySource.set(source, entry);
}
rmSync(dir, { recursive: true, force: true });

const total = [...bySource.values()].reduce((sum, e) => sum + e.cpu, 0);
console.log(
  `vitest run ${vitestArgs.join(' ')}: exit ${code}, ${seconds.toFixed(0)} s wall; node processes recorded: ${[...bySource.values()].reduce((s, e) => s + e.processes, 0)}, ` +
    `${total.toFixed(0)} CPU-s; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
);
console.log('   CPU-s  share  processes  CPU-s each  source');
for (const [source, { processes, cpu }] of [...bySource].sort((a, b) => b[1].cpu - a[1].cpu)) {
  const each = (cpu / processes).toFixed(2);
  console.log(
    `${cpu.toFixed(1).padStart(8)}  ${((100 * cpu) / total).toFixed(0).padStart(4)}%  ${String(processes).padStart(9)}  ${each.padStart(10)}  ${source}`,
  );
}
if (code !== 0) console.log(`the suite did not pass (exit ${code}): run npx vitest run ${vitestArgs.join(' ')} to see why`);
process.exitCode = code ?? 1;

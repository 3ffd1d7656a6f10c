/**
 * mcpgate's peak memory under its default caps, against servers built to make it hold as much as
 * they can while every message stays within the caps (docs/security.md, "Peak memory"). Each row is
 * one `mcpgate check` over stdio: mcpgate's own peak resident set size (process.resourceUsage().maxRSS,
 * recorded by a preload that the server's process does not get), its wall time and exit code, beside
 * the bound the docs promise. Prints figures; it is a benchmark, not a test. Needs `npm run build`.
 *
 *   npm run bench:memory
 *   node dist/bench/memory-envelope.js --only fat
 */

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'cli/mcpgate.js');
const hostile = join(root, 'test/fixtures/hostile');
const BOUND_MIB = 512;
const RUN_TIMEOUT_MS = 300_000;

const node = (file: string, ...args: string[]) => [`"${process.execPath}"`, `"${file}"`, ...args].join(' ');
const SCENARIOS: Array<{ name: string; what: string; command: string }> = [
  {
    name: 'reference',
    what: 'the bundled reference server (a well-behaved one, for scale)',
    command: node(join(root, 'examples/reference-server/main.js'), '--stdio'),
  },
  {
    name: 'fat-tools',
    what: 'tools/list of 4 MB pages (40 tools of 100 KB) without end',
    command: node(join(hostile, 'fat-pages-server.js')),
  },
  {
    name: 'fat-all',
    what: 'the same on tools, resources, templates and prompts at once',
    command: node(join(hostile, 'fat-pages-server.js'), '--all'),
  },
  { name: 'many-tools', what: 'one 3.5 MB page of 60,000 tools', command: node(join(hostile, 'deep-json-server.js'), '--many-tools') },
  { name: 'junk-flood', what: '200,000 lines of non-JSON on stdout', command: node(join(hostile, 'junk-flood-server.js')) },
  {
    name: 'schema-bombs',
    what: 'tool schemas built to be costly to compile and check',
    command: node(join(hostile, 'schema-bombs-server.js')),
  },
];

interface Row {
  name: string;
  peakMiB: number;
  wallMs: number;
  code: number | null;
}

function runOne(command: string): Promise<Row & { name: '' }> {
  const dir = mkdtempSync(join(tmpdir(), 'mcpgate-memory-'));
  const rssFile = join(dir, 'peak-rss');
  const preload = pathToFileURL(join(hostile, 'peak-rss.js')).href;
  const started = performance.now();
  // The preload goes to mcpgate only: the server is started through `env -u NODE_OPTIONS`.
  const child = spawn(process.execPath, [cli, 'check', '--stdio', `env -u NODE_OPTIONS ${command}`, '--report', join(dir, 'report.json')], {
    stdio: ['ignore', 'ignore', 'ignore'],
    env: { ...process.env, NODE_OPTIONS: `--import ${preload}`, MCPGATE_TEST_PEAK_RSS_FILE: rssFile },
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), RUN_TIMEOUT_MS);
  return new Promise((resolvePromise) => {
    child.once('close', (code) => {
      clearTimeout(timer);
      const wallMs = performance.now() - started;
      let peakMiB = Number.NaN;
      try {
        peakMiB = Number(readFileSync(rssFile, 'utf8')) / 1024;
      } catch {
        // No figure: the run was killed before it could write one.
      }
      rmSync(dir, { recursive: true, force: true });
      resolvePromise({ name: '', peakMiB, wallMs, code });
    });
  });
}

async function main(): Promise<void> {
  const only = process.argv.indexOf('--only');
  const chosen = only > 0 ? SCENARIOS.filter((s) => s.name.includes(process.argv[only + 1] ?? '')) : SCENARIOS;
  console.log(`mcpgate check, default caps, peak RSS of mcpgate's own process (bound ${BOUND_MIB} MiB); load ${loadavg()[0]!.toFixed(2)}`);
  let worst = 0;
  for (const scenario of chosen) {
    const row = await runOne(scenario.command);
    worst = Math.max(worst, Number.isNaN(row.peakMiB) ? Infinity : row.peakMiB);
    const peak = Number.isNaN(row.peakMiB) ? '   n/a' : `${row.peakMiB.toFixed(0).padStart(4)} MiB`;
    console.log(
      `${scenario.name.padEnd(13)} ${peak}  ${(row.wallMs / 1000).toFixed(1).padStart(6)} s  exit ${String(row.code).padEnd(4)} ${scenario.what}`,
    );
  }
  console.log(`worst ${Number.isFinite(worst) ? worst.toFixed(0) : 'n/a'} MiB: bound ${worst < BOUND_MIB ? 'held' : 'NOT held'}`);
}

await main();

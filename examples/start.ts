/**
 * `npm start`: the main job on the bundled reference server, offline and without any API key.
 * Starts the server on a free port, runs `mcpgate check` over HTTP and over stdio, `mcpgate chaos`
 * (robustness probes and the offline scan), then `mcpgate eval` with the bundled golden set, and
 * writes the reports under .mcpgate/reports. It ends with `mcpgate overlap` and `mcpgate improve`
 * (baseline and lexical proposer), a short offline demo of going from a score to a fix.
 *
 * Layer 1 uses MCPGATE_MODEL when set (e.g. openai:gpt-4.1-mini; its key must be exported),
 * otherwise the offline lexical baseline. The baseline is a floor, not a gate: its misses are
 * reported but do not change the exit code, which is the conformance result (or the real model's).
 *
 * Each command is echoed as a line a shell gives back unchanged (`npx mcpgate ...` works in this
 * clone). Ctrl-C, SIGTERM or SIGHUP end the running mcpgate (which ends its own servers) and the
 * HTTP server before this process exits with 130 or 143.
 */

import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchHttpServer, type LaunchedServer } from './launch.js';
import { shellLine } from './shell-quote.js';
import { EXIT } from '../src/shared/exit-codes.js';

const distRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = resolve(distRoot, '..');
const cli = join(distRoot, 'cli/mcpgate.js');
const server = join(distRoot, 'examples/reference-server/main.js');
const out = resolve('.mcpgate/reports');
const model = process.env.MCPGATE_MODEL || 'baseline';

/** A path as short as it can be shown: relative when it is inside the working directory. */
function shown(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel === '' || rel.startsWith('..') || isAbsolute(rel) ? path : rel;
}

const golden = shown(join(repoRoot, 'examples/golden/tasks.yaml'));
/** A report file as the echoed command names it. */
const report = (name: string): string => shown(join(out, name));

let running: ChildProcess | undefined;
let http: LaunchedServer | undefined;
/** Set on the first signal: the command that just ended must not be followed by the next one. */
let stopping = false;

/** How long mcpgate gets to end its servers after SIGTERM before it is killed. */
const CHILD_GRACE_MS = 3_000;

async function endEverything(signal: NodeJS.Signals): Promise<void> {
  stopping = true;
  const child = running;
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), CHILD_GRACE_MS);
    await exited;
    clearTimeout(timer);
  }
  await http?.stop();
  process.exit(signal === 'SIGINT' ? 130 : 143);
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, () => void endEverything(signal));

function mcpgate(label: string, args: string[]): Promise<number> {
  // Never settles: the signal handler ends the process.
  if (stopping) return new Promise(() => {});
  process.stdout.write(`\n=== ${label}: ${shellLine(['npx', 'mcpgate', ...args])}\n\n`);
  const child = spawn(process.execPath, [cli, ...args], { stdio: 'inherit' });
  running = child;
  return new Promise((done) => child.once('exit', (code) => done(code ?? 5)));
}

http = await launchHttpServer(process.execPath, [server]);
const codes: number[] = [];
try {
  codes.push(
    await mcpgate('layer 0 over HTTP', [
      'check',
      '--url',
      http.url,
      '--report',
      report('check-http.json'),
      '--junit',
      report('check-http.xml'),
      '--markdown',
      report('check-http.md'),
      '--sarif',
      report('check-http.sarif'),
      '--html',
      report('check-http.html'),
    ]),
  );
  codes.push(
    await mcpgate('layer 0 over stdio', [
      'check',
      '--stdio',
      shellLine([process.execPath, shown(server), '--stdio']),
      '--report',
      report('check-stdio.json'),
    ]),
  );
  codes.push(await mcpgate('layer 2 without a model', ['chaos', '--url', http.url, '--report', report('chaos.json')]));
  const evalCode = await mcpgate(`layer 1 with ${model}`, [
    'eval',
    '--url',
    http.url,
    '--golden',
    golden,
    '--model',
    model,
    '--report',
    report('eval.json'),
    '--html',
    report('eval.html'),
    '--markdown',
    report('eval.md'),
  ]);
  if (model === 'baseline') {
    process.stdout.write(
      '\nThe lexical baseline is the floor a model should beat, not a gate: its misses above do not fail `npm start`.\nSet MCPGATE_MODEL=provider:model (and its API key) to evaluate a real model.\n',
    );
  } else {
    codes.push(evalCode);
  }
  // From a score to a fix, offline: which tools look alike, then rewrites proven on held-out cases (docs/improve.md).
  // A demo, so their verdicts do not count; a usage error does: it means npm start itself is broken.
  const demos: number[] = [];
  demos.push(await mcpgate('overlap: tools a model may confuse', ['overlap', '--url', http.url, '--top', '3']));
  demos.push(
    await mcpgate('improve: rewrites proven on cases their proposer never saw', [
      'improve',
      '--url',
      http.url,
      '--golden',
      golden,
      '--model',
      'baseline',
      '--proposer',
      'lexical',
      '--runs',
      '3',
      '--proposal-rounds',
      '2',
      '--out',
      join(out, 'improve'),
    ]),
  );
  codes.push(...demos.filter((code) => code === EXIT.usage));
} finally {
  await http.stop();
}
process.stdout.write(
  `\nreports written to ${shown(out)}\nHTML report: ${join(out, 'check-http.html')} (layer 1: ${join(out, 'eval.html')})\n` +
    `next, for your own server: ${shellLine(['npx', 'mcpgate', 'init', '--url', 'http://127.0.0.1:3000/mcp'])}\n`,
);
process.exitCode = Math.max(...codes);

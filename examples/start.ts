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
 */

import { spawnSync } from 'node:child_process';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchHttpServer } from './launch.js';

const distRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = resolve(distRoot, '..');
const cli = join(distRoot, 'src/cli/main.js');
const server = join(distRoot, 'examples/reference-server/main.js');
const golden = relative(process.cwd(), join(repoRoot, 'examples/golden/tasks.yaml'));
const out = resolve('.mcpgate/reports');
const model = process.env.MCPGATE_MODEL || 'baseline';

function mcpgate(label: string, args: string[]): number {
  process.stdout.write(`\n=== ${label}: mcpgate ${args.join(' ')}\n\n`);
  const run = spawnSync(process.execPath, [cli, ...args], { stdio: 'inherit' });
  return run.status ?? 5;
}

const http = await launchHttpServer(process.execPath, [server]);
const codes: number[] = [];
try {
  codes.push(
    mcpgate('layer 0 over HTTP', [
      'check',
      '--url',
      http.url,
      '--report',
      join(out, 'check-http.json'),
      '--junit',
      join(out, 'check-http.xml'),
      '--markdown',
      join(out, 'check-http.md'),
      '--sarif',
      join(out, 'check-http.sarif'),
      '--html',
      join(out, 'check-http.html'),
    ]),
  );
  codes.push(
    mcpgate('layer 0 over stdio', [
      'check',
      '--stdio',
      `"${process.execPath}" "${server}" --stdio`,
      '--report',
      join(out, 'check-stdio.json'),
    ]),
  );
  codes.push(mcpgate('layer 2 without a model', ['chaos', '--url', http.url, '--report', join(out, 'chaos.json')]));
  const evalCode = mcpgate(`layer 1 with ${model}`, [
    'eval',
    '--url',
    http.url,
    '--golden',
    golden,
    '--model',
    model,
    '--report',
    join(out, 'eval.json'),
    '--html',
    join(out, 'eval.html'),
    '--markdown',
    join(out, 'eval.md'),
  ]);
  if (model === 'baseline') {
    process.stdout.write(
      '\nThe lexical baseline is the floor a model should beat, not a gate: its misses above do not fail `npm start`.\nSet MCPGATE_MODEL=provider:model (and its API key) to evaluate a real model.\n',
    );
  } else {
    codes.push(evalCode);
  }
  // From a score to a fix, offline: which tools look alike, then rewrites the baseline proves (docs/improve.md).
  // A demo, so neither exit code counts.
  mcpgate('overlap: tools a model may confuse', ['overlap', '--url', http.url, '--top', '3']);
  mcpgate('improve: rewrites proven by an A/B re-run', [
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
    '--max-rounds',
    '2',
    '--out',
    join(out, 'improve'),
  ]);
} finally {
  await http.stop();
}
process.stdout.write(`\nreports written to ${out}\n`);
process.exitCode = Math.max(...codes);

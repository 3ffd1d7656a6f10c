/**
 * `npm start`: the main job on the bundled reference server, offline and without any API key.
 * Starts the server on a free port, runs `mcpgate check` against it over HTTP and over stdio, writes
 * the reports under .mcpgate/, and exits with the worst exit code.
 */

import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchHttpServer } from './launch.js';

const distRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(distRoot, 'src/cli/main.js');
const server = join(distRoot, 'examples/reference-server/main.js');
const out = resolve('.mcpgate/reports');

function mcpgate(label: string, args: string[]): number {
  process.stdout.write(`\n=== ${label}: mcpgate ${args.join(' ')}\n\n`);
  const run = spawnSync(process.execPath, [cli, ...args], { stdio: 'inherit' });
  return run.status ?? 5;
}

const http = await launchHttpServer(process.execPath, [server]);
let codes: number[];
try {
  codes = [
    mcpgate('layer 0 over HTTP', ['check', '--url', http.url, '--report', join(out, 'check-http.json'), '--junit', join(out, 'check-http.xml')]),
    mcpgate('layer 0 over stdio', ['check', '--stdio', `"${process.execPath}" "${server}" --stdio`, '--report', join(out, 'check-stdio.json')]),
  ];
} finally {
  await http.stop();
}
process.stdout.write(`\nreports written to ${out}\n`);
process.exitCode = Math.max(...codes);

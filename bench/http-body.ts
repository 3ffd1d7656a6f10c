/**
 * CPU that mcpgate's HTTP transport spends on one large answer: a 4 MiB JSON body (an array of
 * small objects) sent in many chunks, each ending in `}`, read by HttpConnection in two ways: as a
 * plain request (the server ends the body) and as a caller waiting on a stream (endWhen) that gets
 * plain JSON the server holds open, the case that used to re-parse the whole body on every chunk.
 * The server runs in a child process, so the figures are the client's CPU alone (process.cpuUsage).
 * Prints the median of N runs; it is a benchmark, not a test.
 *
 *   npm run build && node dist/bench/http-body.js [--runs 5] [--chunks 1024] [--mib 4] [--only plain|held]
 */

import { spawn } from 'node:child_process';
import { HttpConnection } from '../src/wire/http.js';
import type { OutgoingMessage } from '../src/wire/exchange.js';

function flag(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
}

const runs = flag('runs', 5);
const chunks = flag('chunks', 1024);
const mib = flag('mib', 4);

/** Writes the body as `chunks` HTTP chunks of whole objects; holds it open when the request asks (x-hold). */
const SERVER = `
const http = require('node:http');
const [chunks, bytes] = process.argv.slice(1).map(Number);
const item = (i) => JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { n: i, pad: 'x'.repeat(100) } });
const items = [];
for (let size = 2, i = 0; size < bytes; i++) { items.push(item(i)); size += items[i].length + 1; }
const per = Math.ceil(items.length / chunks);
const parts = [];
for (let i = 0; i < items.length; i += per) parts.push((i === 0 ? '[' : ',') + items.slice(i, i + per).join(','));
parts.push(']');
http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json' });
    for (const part of parts) res.write(part);
    if (req.headers['x-hold'] !== 'yes') res.end();
  });
}).listen(0, '127.0.0.1', function () { console.log('listening ' + this.address().port + ' ' + parts.length + ' ' + items.length); });
`;

const server = spawn(process.execPath, ['-e', SERVER, String(chunks), String(mib * 1024 * 1024)], { stdio: ['ignore', 'pipe', 'inherit'] });
const [port, parts, items] = await new Promise<number[]>((resolve) => {
  server.stdout.setEncoding('utf8').once('data', (line: string) => resolve(line.trim().split(' ').slice(1).map(Number)));
});
const url = `http://127.0.0.1:${port}/mcp`;

async function cpuOf(message: OutgoingMessage): Promise<{ cpuMs: number; wallMs: number }> {
  const connection = new HttpConnection(url, { timeoutMs: 120_000, maxResponseBytes: (mib + 1) * 1024 * 1024, keepLog: false });
  const cpu = process.cpuUsage();
  const wall = performance.now();
  const exchange = await connection.exchange(message);
  const used = process.cpuUsage(cpu);
  const wallMs = performance.now() - wall;
  await connection.close();
  if (exchange.error || exchange.messages.length !== items)
    throw new Error(`unexpected answer: ${exchange.error?.message ?? exchange.messages.length}`);
  return { cpuMs: (used.user + used.system) / 1000, wallMs };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const body = '{"jsonrpc":"2.0","id":1,"method":"tools/list"}';
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
const modes: Array<[string, string, OutgoingMessage]> = [
  ['plain', 'plain request, body ended', { body, awaitId: 1 }],
  ['held', 'waiting on a stream, body held open', { body, awaitId: 1, headers: { 'x-hold': 'yes' }, endWhen: () => false }],
];
try {
  console.log(`${mib} MiB JSON body of ${items} objects in ${parts} chunks, each ending in } or ]; median of ${runs} runs, client CPU`);
  for (const [name, label, message] of modes) {
    if (only !== undefined && only !== name) continue;
    await cpuOf(message); // warm-up
    const samples: Array<{ cpuMs: number; wallMs: number }> = [];
    for (let i = 0; i < runs; i++) samples.push(await cpuOf(message));
    const cpu = median(samples.map((s) => s.cpuMs));
    const wall = median(samples.map((s) => s.wallMs));
    console.log(`${label.padEnd(38)} cpu ${cpu.toFixed(0).padStart(6)} ms  wall ${wall.toFixed(0).padStart(6)} ms`);
  }
} finally {
  server.kill();
}

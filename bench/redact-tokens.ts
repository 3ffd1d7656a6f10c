/**
 * How the cost of `redact` grows with the number of registered secrets. A long run against a server
 * whose OAuth tokens live a few seconds registers every token it is given (and each token's encoded
 * forms) for the rest of the process: a nightly run renewing 5-second tokens registers thousands.
 * Measured on the texts redaction sees most (a 1.5 KB evidence excerpt, with and without JSON escapes)
 * and on a 1 MiB body, after registering 0, 10, 100, 1,000 and 5,000 tokens, half JWTs from one issuer
 * (a shared header, as a real issuer's), half opaque. Wall time follows the machine's load, CPU time
 * (the process's) much less. Prints figures; a benchmark, not a test.
 *
 *   npm run build && node dist/bench/redact-tokens.js            (median of 9 redactions per figure)
 *   node dist/bench/redact-tokens.js --runs 21
 */

import { randomBytes } from 'node:crypto';
import { redact, registerSecret } from '../src/shared/redact.js';

const runsFlag = process.argv.indexOf('--runs');
const runs = runsFlag > 0 ? Number(process.argv[runsFlag + 1]) : 9;
const COUNTS = [0, 10, 100, 1_000, 5_000];

const JWT_HEADER = Buffer.from(JSON.stringify({ alg: 'ES256', kid: '4f1c2a7e-0b9d-4e3a-9c55-6d2b1e8f7a30', typ: 'at+jwt' })).toString(
  'base64url',
);

function jwt(): string {
  const payload = {
    iss: 'http://127.0.0.1:9417',
    aud: 'http://127.0.0.1:3000/mcp',
    sub: 'mcpgate-ci',
    client_id: 'mcpgate-ci',
    scope: 'mcp:tools',
    iat: 1_760_000_000,
    exp: 1_760_000_005,
    jti: randomBytes(16).toString('hex'),
  };
  return `${JWT_HEADER}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${randomBytes(64).toString('base64url')}`;
}

const opaque = (): string => randomBytes(32).toString('base64url');

const EVIDENCE = JSON.stringify({
  sent: '{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"lookup_customer","arguments":{"id":"c-1042"}}}',
  received:
    '{"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"Customer c-1042: Ada Lovelace, London, since 2019; plan: team; seats: 12"}]}}',
  headers: { 'content-type': 'application/json', 'mcp-protocol-version': '2026-07-28', date: 'Tue, 14 Oct 2025 10:00:00 GMT' },
  note: 'the server answered within 12 ms; the result carries no structuredContent although the tool declares an outputSchema',
}).repeat(3);
const PLAIN = 'the weather in Paris is sunny today, 21 degrees, wind 12 km/h from the west; '.repeat(20);
const BODY = 'the weather in Paris is sunny today '.repeat(Math.ceil((1024 * 1024) / 36));

const TEXTS: Array<[string, string, number]> = [
  ['1.5 KB evidence, JSON-escaped', EVIDENCE.slice(0, 1536), runs * 20],
  ['1.5 KB plain text', PLAIN.slice(0, 1536), runs * 20],
  ['1 MiB plain body', BODY.slice(0, 1024 * 1024), runs],
];

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}

console.log(`redact, by secrets registered (half JWTs of one issuer, half opaque), median of each figure's redactions`);
let registered = 0;
for (const count of COUNTS) {
  const registering = performance.now();
  for (; registered < count; registered++) registerSecret(registered % 2 === 0 ? jwt() : opaque());
  const registerMs = performance.now() - registering;
  const figures = TEXTS.map(([name, text, times]) => {
    redact(text);
    const wall: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < times; i++) {
      const started = performance.now();
      const cpuStarted = process.cpuUsage();
      redact(text);
      const used = process.cpuUsage(cpuStarted);
      wall.push(performance.now() - started);
      cpu.push((used.user + used.system) / 1000);
    }
    return `${name}: ${median(wall).toFixed(3)} ms wall, ${median(cpu).toFixed(3)} ms CPU`;
  });
  console.log(`${String(count).padStart(5)} tokens (registered in ${registerMs.toFixed(0)} ms)  ${figures.join('  |  ')}`);
}
console.log(`peak resident set size of this process: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB`);

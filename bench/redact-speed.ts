/**
 * How long `redact` takes on one 4 MiB string (the default --max-response-bytes) with a few secrets
 * registered, for shapes a hostile server can send: plain text, a JSON body dense with `\uXXXX`
 * escapes, near misses of a secret written escaped, escapes nested three levels deep, and text aimed
 * at the credential patterns (a run of word characters, `Bearer ` and `password=` repeated). Every
 * figure should be of the same order: the work is linear in the length. Wall time follows the
 * machine's load; CPU time (the process's, garbage collection included) much less. Prints figures; a
 * benchmark, not a test.
 *
 *   npm run build && node dist/bench/redact-speed.js            (5 runs per shape, the median printed)
 *   node dist/bench/redact-speed.js --runs 9
 */

import { redact, registerSecret } from '../src/shared/redact.js';

const SIZE = 4 * 1024 * 1024;
const runsFlag = process.argv.indexOf('--runs');
const runs = runsFlag > 0 ? Number(process.argv[runsFlag + 1]) : 5;

const TOKEN = 'tok/abc+def0123456789xyz';
registerSecret(`Bearer ${TOKEN}`);
registerSecret(TOKEN);
registerSecret(`Basic ${Buffer.from('ann:pw/open-sesame').toString('base64')}`);
registerSecret('sk-test-0123456789abcdef0123456789abcdef');
registerSecret('hex0123456789abcdef01234567');

const escapeAll = (text: string): string => [...text].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
const fill = (unit: string): string => unit.repeat(Math.ceil(SIZE / unit.length)).slice(0, SIZE);

const SHAPES: Array<[string, string]> = [
  ['plain words', fill('the weather in Paris is sunny today ')],
  ['one run of word characters', fill('a')],
  ['JSON, every character \\u-escaped', fill('\\u0061')],
  ['escaped near misses of the token', fill(`${escapeAll(TOKEN.slice(0, -1))} `)],
  ['the token escaped, many times', fill(`${escapeAll(TOKEN)} `)],
  ['escapes three levels deep', fill('\\\\\\\\u0061\\\\\\/')],
  ['"Bearer " repeated', fill('Bearer ')],
  ['"password=" repeated', fill('password=')],
];

console.log(`redact on ${SIZE / 1024 / 1024} MiB strings, 5 secrets registered, median of ${runs} runs`);
for (const [name, text] of SHAPES) {
  const wall: number[] = [];
  const cpu: number[] = [];
  let masked = 0;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    const out = redact(text);
    const used = process.cpuUsage(cpuStarted);
    wall.push(performance.now() - started);
    cpu.push((used.user + used.system) / 1000);
    masked = out.split('[REDACTED]').length - 1;
  }
  const median = (values: number[]): string => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!.toFixed(0);
  console.log(`${name.padEnd(36)} median ${median(wall).padStart(5)} ms wall, ${median(cpu).padStart(5)} ms CPU  (${masked} masked)`);
}
console.log(`peak resident set size of this process: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB`);

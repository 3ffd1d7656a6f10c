/**
 * How long `redact` takes on one 4 MiB string (the default --max-response-bytes) with a few secrets
 * registered, for shapes a hostile server can send: plain text, a JSON body dense with `\uXXXX`
 * escapes, near misses of a secret written escaped, escapes nested three levels deep, and text aimed
 * at the credential patterns (a run of word characters, `Bearer ` and `password=` repeated). Every
 * figure should be of the same order: the work is linear in the length. Prints figures; a benchmark,
 * not a test.
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
  const times: number[] = [];
  let masked = 0;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const out = redact(text);
    times.push(performance.now() - started);
    masked = out.split('[REDACTED]').length - 1;
  }
  times.sort((a, b) => a - b);
  const [median, min, max] = [times[Math.floor(times.length / 2)]!, times[0]!, times[times.length - 1]!].map((ms) => ms.toFixed(0));
  console.log(`${name.padEnd(36)} median ${median!.padStart(5)} ms  min ${min} ms  max ${max} ms  (${masked} masked)`);
}

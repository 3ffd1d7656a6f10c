/**
 * Secrets never reach an OpenTelemetry collector. A server that names its tools after the credentials
 * it received (secret-tools-server.ts: a bearer token, Basic's decoded pair and password, an `--env`
 * value, each raw, in base64, percent-encoded and JSON-escaped) makes mcpgate's span names and
 * `gen_ai.tool.name` carry them; the service name carries one too. Real `eval` runs export to a local
 * OTLP receiver, and the raw bodies it got (and every string inside them) are searched for every form.
 */

import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchHttpServer, type LaunchedServer } from '../../../examples/launch.js';
import { startOtlpReceiver, type OtlpReceiver } from '../../../src/telemetry/otlp-receiver.js';
import { ROOT, runCli, tempDir } from '../../helpers/cli.js';
import { credentialsIn, lookupTools, secretForms } from '../../fixtures/hostile/secret-forms.js';

const hex = (bytes: number): string => randomBytes(bytes).toString('hex');
// `/` and `+` make the `\/`, URL-safe and percent-encoded forms differ from the raw one.
const TOKEN = `otlp/${hex(10)}+${hex(6)}`;
const PAIR = `otel-user:pw/${hex(8)}`;
const BASIC = `bAsIc ${Buffer.from(PAIR).toString('base64')}`;
const ENV_SECRET = `env/${hex(12)}`;
const FIXTURE = join(ROOT, 'dist/test/fixtures/hostile/secret-tools-server.js');
const TIMEOUT_MS = 120_000;

let server: LaunchedServer;
let receiver: OtlpReceiver;
const bodies: Buffer[] = [];
beforeAll(async () => {
  server = await launchHttpServer(process.execPath, [FIXTURE, '--http']);
  receiver = await startOtlpReceiver(0, { onBody: (body) => bodies.push(body) });
});
afterAll(async () => {
  await server.stop();
  await receiver.close();
});

/** One case per tool the server will list for these credentials, each naming the tool's own word. */
function golden(dir: string, credentials: string[]): { file: string; tools: number } {
  const tools = lookupTools(credentials);
  const cases = tools.map(({ name, word }, i) => `  - id: c${i}\n    prompt: look up the ${word} records\n    expect_tool: '${name}'\n`);
  const file = join(dir, 'golden.yaml');
  writeFileSync(file, `cases:\n${cases.join('')}`);
  return { file, tools: tools.length };
}

/** Every string in a JSON value, keys included. */
function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => [k, ...stringsIn(v)]);
  return [];
}

const SECRETS = [...credentialsIn(`Bearer ${TOKEN}`), ...credentialsIn(BASIC), ENV_SECRET];
const FORBIDDEN = [...new Set(SECRETS.flatMap(secretForms))];

function expectClean(where: string, text: string): void {
  for (const form of FORBIDDEN) expect(text.includes(form), `${form} in ${where}`).toBe(false);
}

describe('the OTLP export of a run against a server that names its tools after its credentials', () => {
  it('carries no secret in any form, in span names, attributes or the resource', { timeout: TIMEOUT_MS }, async () => {
    expect(SECRETS).toEqual(expect.arrayContaining([TOKEN, PAIR, PAIR.slice(PAIR.indexOf(':') + 1), ENV_SECRET]));
    const dir = tempDir();
    const runs = [
      {
        name: 'bearer',
        target: ['--url', server.url, '--header', `Authorization: Bearer ${TOKEN}`],
        credentials: credentialsIn(`Bearer ${TOKEN}`),
      },
      { name: 'basic', target: ['--url', server.url, '--header', `Authorization: ${BASIC}`], credentials: credentialsIn(BASIC) },
      {
        name: 'env',
        target: ['--stdio', `"${process.execPath}" "${FIXTURE}"`, '--env', `HOSTILE_SK=${ENV_SECRET}`],
        credentials: [ENV_SECRET],
      },
    ];
    let expectedToolSpans = 0;
    for (const run of runs) {
      const { file, tools } = golden(dir, run.credentials);
      expectedToolSpans += tools;
      const report = join(dir, `${run.name}.json`);
      const result = await runCli(['eval', ...run.target, '--golden', file, '--model', 'baseline', '--runs', '1', '--report', report], {
        // The service name (a resource attribute) carries the run's last credential: the password, for Basic.
        env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint, OTEL_SERVICE_NAME: `mcpgate-${run.credentials.at(-1)}` },
        timeoutMs: TIMEOUT_MS,
      });
      expect(result.code, `${run.name}: ${result.stderr}`).toBe(0);
      const outputs: Array<[string, string]> = [
        ['stdout', result.stdout],
        ['stderr', result.stderr],
        ['report', readFileSync(report, 'utf8')],
      ];
      for (const [where, text] of outputs) expectClean(`${run.name} ${where}`, text);
    }

    // The CLI flushes its spans before it exits, so everything it sent has arrived.
    expect(bodies.length).toBeGreaterThan(0);
    for (const [i, body] of bodies.entries()) {
      const text = body.toString('utf8');
      expectClean(`export body ${i}`, text);
      for (const value of stringsIn(JSON.parse(text))) expectClean(`a string of export body ${i}`, value);
    }
    // And it did carry the tools the server named after its credentials, and the service name.
    const ours = receiver.spans.filter((s) => s.serviceName?.startsWith('mcpgate-'));
    expect(ours.filter((s) => s.name === 'tools/call lookup_[REDACTED]')).toHaveLength(expectedToolSpans);
    expect(ours.filter((s) => s.name === 'execute_tool lookup_[REDACTED]')).toHaveLength(expectedToolSpans);
    expect(ours.filter((s) => s.attributes['gen_ai.tool.name'] === 'lookup_[REDACTED]')).toHaveLength(2 * expectedToolSpans);
    expect([...new Set(ours.map((s) => s.serviceName))]).toEqual(['mcpgate-[REDACTED]']);
  });
});

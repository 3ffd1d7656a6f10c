/**
 * OAuth credentials never reach an output. A hostile server that is its own authorization server
 * (oauth-echo-server.ts) learns the client secret and the refresh tokens at its token endpoint and
 * echoes them, with every access token it was sent, raw and in every encoding, in every field it
 * controls: tool names, descriptions, results, errors, its server name, its token answers and its
 * 401s. Its tokens live 2 seconds, so mcpgate renews them during each run. Whatever mcpgate runs
 * against it (check with a client secret, check with a refresh token, run with server.oauth over
 * layers 0-2 with a model whose answers repeat the echoes, its cache, the history and an OTLP export), no file it wrote, no line on
 * stdout or stderr and no OTLP body shows any of them in any form.
 */

import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchHttpServer, type LaunchedServer } from '../../../examples/launch.js';
import { startOtlpReceiver, type OtlpReceiver } from '../../../src/telemetry/otlp-receiver.js';
import { ROOT, runCli, tempDir, type CliRun } from '../../helpers/cli.js';
import { chatCompletion, startFakeOpenAI, type FakeLlm, type RecordedRequest } from '../../helpers/fake-llm.js';
import { everyFormat, everyOutputYaml, readEveryFormat } from '../../helpers/formats.js';
import { lookupTools, secretForms } from '../../fixtures/hostile/secret-forms.js';

const FIXTURE = join(ROOT, 'dist/test/fixtures/hostile/oauth-echo-server.js');
const TIMEOUT_MS = 180_000;
const hex = (bytes: number): string => randomBytes(bytes).toString('hex');
// `/` and `+` make the `\/`, URL-safe and percent-encoded forms differ from the raw one.
const CLIENT_SECRET = `cs/${hex(10)}+${hex(6)}`;
const REFRESH_TOKEN = `rt/${hex(10)}+${hex(6)}`;
const ENV = { HOSTILE_CLIENT_SECRET: CLIENT_SECRET, HOSTILE_REFRESH_TOKEN: REFRESH_TOKEN };
const WITH_SECRET = ['--oauth-client-id', 'hostile', '--oauth-client-secret-env', 'HOSTILE_CLIENT_SECRET'];
const WITH_REFRESH = ['--oauth-client-id', 'hostile', '--oauth-refresh-token-env', 'HOSTILE_REFRESH_TOKEN'];

type Message = { role: string; content: string | null };
type Tool = { function: { name: string; description?: string } };

/**
 * A model that calls the tool whose description names a word of the prompt (the first tool else),
 * then repeats what the tool said: its answers, which the cache stores, carry the server's echoes.
 */
function script(request: RecordedRequest): ReturnType<typeof chatCompletion> {
  const messages = request.body.messages as Message[];
  const said = messages.filter((m) => m.role === 'tool').at(-1);
  if (said) return chatCompletion({ text: `The tool said: ${String(said.content)}` });
  const user = String(messages.find((m) => m.role === 'user')?.content ?? '');
  const tools = (request.body.tools ?? []) as Tool[];
  const word = /the (\w+) records/.exec(user)?.[1];
  const tool = tools.find((t) => word !== undefined && (t.function.description ?? '').includes(word)) ?? tools[0];
  if (!tool) return chatCompletion({ text: 'No tool to call.' });
  return chatCompletion({ calls: [{ id: 'c1', name: tool.function.name, arguments: {} }] });
}

let receiver: OtlpReceiver;
let llm: FakeLlm;
const bodies: Buffer[] = [];
const servers: LaunchedServer[] = [];
beforeAll(async () => {
  receiver = await startOtlpReceiver(0, { onBody: (body) => bodies.push(body) });
  llm = await startFakeOpenAI(script);
});
afterAll(async () => {
  for (const server of servers) await server.stop();
  await receiver.close();
  await llm.close();
});

/** A fresh hostile server, and the file it lists every secret in that it learns or issues. */
async function hostileServer(): Promise<{ url: string; secrets: () => string[] }> {
  const log = join(tempDir(), 'secrets.log');
  const server = await launchHttpServer(process.execPath, [FIXTURE, '--http'], { env: { ...process.env, HOSTILE_OAUTH_LOG: log } });
  servers.push(server);
  return { url: server.url, secrets: () => (existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean) : []) };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Every file under `dir`, both streams and the `extra` texts: no form of any secret. */
function expectClean(secrets: string[], dir: string, run: CliRun, extra: Array<[string, string]> = []): void {
  const forbidden = [...new Set(secrets.flatMap(secretForms))];
  const outputs: Array<[string, string]> = [
    ...filesUnder(dir).map((f): [string, string] => [f, readFileSync(f, 'utf8')]),
    ['stdout', run.stdout],
    ['stderr', run.stderr],
    ...extra,
  ];
  for (const [where, text] of outputs) for (const form of forbidden) expect(text.includes(form), `${form} in ${where}`).toBe(false);
}

/** Every string in a JSON value, keys included: what an OTLP collector decodes. */
function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => [k, ...stringsIn(v)]);
  return [];
}

/** The access tokens it issued: more than one means mcpgate renewed its token during the run. */
const accessTokens = (secrets: string[]): string[] => secrets.filter((s) => s.startsWith('at/'));

describe('OAuth secrets a hostile server learns and echoes never reach an output', () => {
  it('check with a client secret, every format: the secret and every token', { timeout: TIMEOUT_MS }, async () => {
    const server = await hostileServer();
    const dir = tempDir();
    const reports = everyFormat(dir);
    const run = await runCli(['check', '--url', server.url, ...WITH_SECRET, '--verbose', ...reports.args], {
      env: ENV,
      timeoutMs: TIMEOUT_MS,
    });
    expect(run.stderr).not.toContain('internal error');
    readEveryFormat(reports.files);
    expect(readFileSync(reports.files.json, 'utf8')).toContain('[REDACTED]');
    const secrets = server.secrets();
    expect(secrets).toContain(CLIENT_SECRET);
    expect(accessTokens(secrets).length).toBeGreaterThan(1);
    expectClean(secrets, dir, run);
  });

  it('check with a refresh token: the one given and every one rotated in, and every token', { timeout: TIMEOUT_MS }, async () => {
    const server = await hostileServer();
    const dir = tempDir();
    const reports = everyFormat(dir);
    const run = await runCli(['check', '--url', server.url, ...WITH_REFRESH, '--verbose', ...reports.args], {
      env: ENV,
      timeoutMs: TIMEOUT_MS,
    });
    expect(run.stderr).not.toContain('internal error');
    readEveryFormat(reports.files);
    const secrets = server.secrets();
    expect(secrets).toContain(REFRESH_TOKEN);
    expect(secrets.filter((s) => s.startsWith('rt/') && s !== REFRESH_TOKEN).length).toBeGreaterThan(0);
    expectClean(secrets, dir, run);
  });

  it('run with server.oauth, layers 0-2: reports, cache, history and the OTLP export', { timeout: TIMEOUT_MS }, async () => {
    const server = await hostileServer();
    const dir = tempDir();
    const tools = lookupTools([CLIENT_SECRET]);
    const cases = tools.map(({ name, word }, i) => `  - id: c${i}\n    prompt: look up the ${word} records\n    expect_tool: '${name}'\n`);
    // The golden set names the tools, so the secret: it is the test's input, kept out of the folder searched.
    const golden = join(tempDir(), 'golden.yaml');
    writeFileSync(golden, `cases:\n${cases.join('')}`);
    const config = join(dir, 'mcpgate.yaml');
    writeFileSync(
      config,
      [
        'server:',
        `  url: ${server.url}`,
        '  oauth:',
        '    client_id: hostile',
        '    client_secret_env: HOSTILE_CLIENT_SECRET',
        'eval:',
        `  golden: ${golden}`,
        '  models: [openai-chat:echo]',
        `  base_url: ${llm.baseUrl}`,
        '  runs: 1',
        '  cache: write',
        `  cache_dir: ${join(dir, 'cache')}`,
        ...everyOutputYaml(dir),
        '',
      ].join('\n'),
    );
    bodies.length = 0;
    const run = await runCli(['run', '--config', config], {
      env: { ...ENV, OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint, OPENAI_API_KEY: 'sk-test-0123456789abcdef' },
      timeoutMs: TIMEOUT_MS,
    });
    expect(run.stderr).not.toContain('internal error');
    readEveryFormat(everyFormat(join(dir, 'out')).files);
    expect(existsSync(join(dir, 'history'))).toBe(true);
    // The model's answers repeat the echoes, and the cache stores them.
    expect(filesUnder(join(dir, 'cache')).length).toBeGreaterThan(0);
    expect(filesUnder(join(dir, 'cache')).some((f) => readFileSync(f, 'utf8').includes('[REDACTED]'))).toBe(true);
    const secrets = server.secrets();
    expect(accessTokens(secrets).length).toBeGreaterThan(1);
    // The export did carry the tools the server named after the secret, masked.
    expect(bodies.length).toBeGreaterThan(0);
    expect(receiver.spans.some((s) => s.name === 'tools/call lookup_[REDACTED]')).toBe(true);
    expectClean(
      secrets,
      dir,
      run,
      bodies.flatMap((body, i): Array<[string, string]> => {
        const text = body.toString('utf8');
        return [
          [`OTLP body ${i}`, text],
          ...stringsIn(JSON.parse(text)).map((value): [string, string] => [`a string of OTLP body ${i}`, value]),
        ];
      }),
    );
  });
});

/**
 * A server under test is hostile until proven otherwise: whatever it sends costs mcpgate at most
 * linear time and bounded memory, ends within --timeout, never stops a report being written, and
 * it never sees mcpgate's secrets. Each case runs a small server from test/fixtures/hostile/.
 */

import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { setTimeout as delay } from 'node:timers/promises';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { launchHttpServer, type LaunchedServer } from '../../../examples/launch.js';
import { compileToolSchema } from '../../../src/conformance/tool-schemas.js';
import { MAX_SAMPLE_ITEMS, MAX_SAMPLE_STRING_CHARS, sampleArguments } from '../../../src/conformance/sample-arguments.js';
import { parseReport } from '../../../src/report/json.js';
import type { Report } from '../../../src/report/model.js';
import { HttpSender } from '../../../src/telemetry/load/http-sender.js';
import { buildRequestTemplate } from '../../../src/telemetry/load/request-template.js';
import { childEnvironment } from '../../../src/wire/child-environment.js';
import { HttpConnection } from '../../../src/wire/http.js';
import { ModernClient } from '../../../src/wire/modern-client.js';
import { MAX_LIST_BYTES, MAX_LIST_ITEMS } from '../../../src/wire/pagination.js';
import { exceedsDepth, MAX_JSON_DEPTH, parseServerJson } from '../../../src/wire/server-json.js';
import { MAX_SSE_EVENT_CHARS } from '../../../src/wire/sse.js';
import {
  MAX_MESSAGES_PER_EXCHANGE,
  MAX_NON_JSON_LINES,
  MAX_RECEIVED_MESSAGES,
  STDERR_TAIL_CHARS,
  StdioConnection,
} from '../../../src/wire/stdio.js';
import { CLI, ROOT, runCli, tempDir } from '../../helpers/cli.js';

/** Every bound is asserted with this much room: the tests must not depend on the machine's speed. */
const MARGIN_MS = 5_000;
const TIMEOUT_MS = 3_000;

const servers: LaunchedServer[] = [];
const connections: Array<{ close: () => Promise<unknown> }> = [];
afterAll(async () => {
  await Promise.all([...servers.map((s) => s.stop()), ...connections.map((c) => c.close())]);
});

function fixture(name: string, ...args: string[]): string {
  return [`"${process.execPath}"`, `"${join(ROOT, 'dist/test/fixtures/hostile', `${name}.js`)}"`, ...args].join(' ');
}

async function httpFixture(name: string, ...args: string[]): Promise<string> {
  const server = await launchHttpServer(process.execPath, [join(ROOT, 'dist/test/fixtures/hostile', `${name}.js`), '--http', ...args]);
  servers.push(server);
  return server.url;
}

/**
 * mcpgate's peak memory in any hostile run (docs/security.md). A hostile `check` peaks at 85-130 MiB;
 * the worst case in this corpus (a 3 MB tools/list of 60,000 tools) near 350 MiB.
 */
const PEAK_RSS_BOUND_MIB = 512;

/** Runs `mcpgate check` with a preload that records its peak RSS, and asserts it under the bound. */
async function check(
  target: string[],
  extra: string[] = [],
  env: NodeJS.ProcessEnv = {},
): Promise<{ report: Report; code: number | null; durationMs: number; output: string; text: string; peakRssMiB: number }> {
  const dir = tempDir();
  const file = join(dir, 'report.json');
  const rssFile = join(dir, 'peak-rss');
  const run = await runCli(['check', ...target, '--report', file, ...extra], {
    timeoutMs: 120_000,
    env: { ...env, ...peakRssEnv(rssFile) },
  });
  if (!existsSync(file)) throw new Error(`no report was written (exit ${run.code}): ${run.stderr.slice(-500)}`);
  const text = readFileSync(file, 'utf8');
  const peakRssMiB = Number(readFileSync(rssFile, 'utf8')) / 1024;
  expect(peakRssMiB).toBeLessThan(PEAK_RSS_BOUND_MIB);
  return { report: parseReport(text), code: run.code, durationMs: run.durationMs, output: run.stdout + run.stderr, text, peakRssMiB };
}

function peakRssEnv(rssFile: string): NodeJS.ProcessEnv {
  const preload = pathToFileURL(join(ROOT, 'dist/test/fixtures/hostile/peak-rss.js')).href;
  return { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${preload}`.trim(), MCPGATE_TEST_PEAK_RSS_FILE: rssFile };
}

function verdict(report: Report, id: string): { status: string; message: string } {
  const found = report.checks.find((c) => c.id === id);
  if (!found) throw new Error(`no check ${id} in the report`);
  return { status: found.status, message: found.message ?? '' };
}

describe('server-supplied regular expressions run in linear time', () => {
  const evil = '^(a|a)*$';
  const sample = `${'a'.repeat(40)}!`;

  it('a backtracking pattern is decided at once, in pattern and patternProperties', () => {
    const compiled = compileToolSchema({
      type: 'object',
      properties: { s: { type: 'string', pattern: evil } },
      patternProperties: { [evil]: { type: 'integer' } },
    });
    expect(compiled.ok).toBe(true);
    if (!compiled.ok) return;
    expect(compiled.validate({ s: sample })).toBe(false);
    expect(compiled.validate({ s: 'aaaa', [sample]: 'x' })).toBe(true);
    expect(compiled.validate({ s: 'aaaa', aaaa: 'x' })).toBe(false);
    expect(compiled.unchecked).toEqual([]);
  });

  it('a pattern the linear engine cannot run is listed as unchecked and matches anything, without failing the compile', () => {
    const compiled = compileToolSchema({ type: 'string', pattern: '^(a)\\1$' });
    expect(compiled.ok).toBe(true);
    if (!compiled.ok) return;
    expect(compiled.unchecked).toEqual([{ pattern: '^(a)\\1$', reason: expect.stringContaining('\\1') }]);
    expect(compiled.validate('ab')).toBe(true);
  });

  it('two tools with different patterns do not share a compiled pattern', () => {
    const digits = compileToolSchema({ type: 'string', pattern: '^[0-9]+$' });
    const letters = compileToolSchema({ type: 'string', pattern: '^[a-z]+$' });
    expect(digits.ok && digits.validate('123') && !digits.validate('abc')).toBe(true);
    expect(letters.ok && letters.validate('abc') && !letters.validate('123')).toBe(true);
  });

  it('the lexical baseline searches a prompt for a schema pattern on the linear engine', async () => {
    // In a child process with a deadline: on JavaScript's engine this search backtracks for hours,
    // synchronously, which no test timeout could interrupt.
    const script = [
      `import { extractArguments } from ${JSON.stringify(pathToFileURL(join(ROOT, 'dist/src/models/lexical/arguments.js')).href)};`,
      `const schema = { type: 'object', properties: { code: { type: 'string', pattern: ${JSON.stringify(evil)} } }, required: ['code'] };`,
      `const prompt = 'look up ' + 'a'.repeat(60) + 'b, then aaaa and ' + 'a'.repeat(20_000) + '-';`,
      `process.stdout.write(JSON.stringify(extractArguments(prompt, schema)));`,
    ].join('\n');
    const run = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
      const child = execFile(process.execPath, ['--input-type=module', '-e', script], { timeout: 60_000 }, (_error, stdout) =>
        resolve({ code: child.exitCode, stdout }),
      );
    });
    expect(run.code).toBe(0);
    // The first a-run is followed by a word character, so it is no id; the next standalone run is.
    expect(JSON.parse(run.stdout)).toEqual({ code: 'aaaa' });
  });

  it('sample arguments stay small whatever minimums the schema sets', () => {
    const args = sampleArguments({
      type: 'object',
      properties: {
        text: { type: 'string', minLength: 500_000_000 },
        list: { type: 'array', items: { type: 'string' }, minItems: 1_000_000_000 },
      },
      required: ['text', 'list'],
      allOf: Array.from({ length: 200_000 }, () => ({})),
    });
    expect((args.text as string).length).toBe(MAX_SAMPLE_STRING_CHARS);
    expect((args.list as unknown[]).length).toBe(MAX_SAMPLE_ITEMS);
  });

  it('mcpgate check against the schema bombs ends within the timeout, with sane verdicts', async () => {
    const url = await httpFixture('schema-bombs-server');
    const { report, durationMs } = await check(['--url', url], ['--timeout', String(TIMEOUT_MS)]);
    expect(durationMs).toBeLessThan(TIMEOUT_MS + MARGIN_MS);
    const structured = verdict(report, 'tools.call-structured-content');
    expect(structured.status).toBe('fail');
    expect(structured.message).toContain('match_output: /value must match pattern "^(a|a)*$"');
    const input = verdict(report, 'tools.input-schema-valid');
    expect(input.status).toBe('warn');
    expect(input.message).toMatch(/repeat_pair: pattern "\^\(a\)\\\\1\$" is not checked/);
    expect(verdict(report, 'tools.list-static').status).toBe('pass');
    expect(report.checks.filter((c) => c.status === 'error')).toEqual([]);
  });
});

describe('event streams are read in linear time and within --timeout', () => {
  it('a stream that never ends a line ends at the timeout, not long after', async () => {
    const url = await httpFixture('drip-sse-server', '--drip', 'tools/list');
    const connection = new HttpConnection(url, { timeoutMs: TIMEOUT_MS, maxResponseBytes: 64 * 1024 * 1024 });
    connections.push(connection);
    const exchange = await new ModernClient(connection).request('tools/list');
    // On a fast machine the drip may fill the response cap before the timeout: either bound ends it, in time.
    expect(['timeout', 'too-large']).toContain(exchange.error?.kind);
    expect(exchange.timing.durationMs).toBeLessThan(TIMEOUT_MS + MARGIN_MS);
  });

  it('an event longer than the cap fails the exchange with a message naming the cap', async () => {
    const url = await httpFixture('drip-sse-server', '--drip', 'tools/list', '--chunk', '65536');
    const connection = new HttpConnection(url, { timeoutMs: 60_000, maxResponseBytes: 64 * 1024 * 1024 });
    connections.push(connection);
    const exchange = await new ModernClient(connection).request('tools/list');
    expect(exchange.error?.kind).toBe('too-large');
    expect(exchange.error?.message).toContain(`exceeded ${MAX_SSE_EVENT_CHARS} characters`);
  });

  it('mcpgate check against a dripping server/discover ends within the timeout', async () => {
    const url = await httpFixture('drip-sse-server');
    const { code, durationMs } = await check(['--url', url], ['--timeout', String(TIMEOUT_MS)]);
    expect(code).toBe(3);
    expect(durationMs).toBeLessThan(TIMEOUT_MS + MARGIN_MS);
  });
});

describe('JSON from a server is refused past a nesting cap, and lists past their caps', () => {
  it('measures depth without recursion and keeps the id of a refused message', () => {
    const nested = (levels: number): string => `${'{"a":'.repeat(levels - 1)}{}${'}'.repeat(levels - 1)}`;
    expect(parseServerJson(nested(MAX_JSON_DEPTH))).toMatchObject({ ok: true });
    const refused = parseServerJson(`{"jsonrpc":"2.0","id":7,"result":${nested(MAX_JSON_DEPTH)}}`);
    expect(refused).toMatchObject({
      ok: false,
      reason: 'too-deep',
      id: 7,
      message: expect.stringContaining(`deeper than ${MAX_JSON_DEPTH} levels`),
    });
    expect(exceedsDepth(JSON.parse(`${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`))).toBe(true);
  });

  for (const transport of ['http', 'stdio'] as const) {
    it(`a tools/list nested 10,000 levels fails the relevant checks and the report is written (${transport})`, async () => {
      const target =
        transport === 'http'
          ? ['--url', await httpFixture('deep-json-server', '--deep')]
          : ['--stdio', fixture('deep-json-server', '--deep')];
      const { report, code, output } = await check(target);
      expect(output).not.toContain('internal error');
      expect(code).toBe(1);
      const gates = verdict(report, 'capabilities.gates');
      expect(gates.status).toBe('fail');
      expect(gates.message).toContain(`nested deeper than ${MAX_JSON_DEPTH} levels`);
    });
  }

  it('the load generator refuses a response nested past the cap, instead of judging it', async () => {
    const url = await httpFixture('deep-json-server', '--deep');
    const template = await buildRequestTemplate({ method: 'tools/list', params: {} });
    const sender = new HttpSender(url, template, { timeoutMs: 30_000, maxResponseBytes: 4 << 20, maxSockets: 1, wantResults: true });
    try {
      const error = await new Promise<string | undefined>((resolve) => sender.send(1, (e) => resolve(e)));
      expect(error).toBe('too-deep');
    } finally {
      await sender.close();
    }
  });

  it(`a list of more than ${MAX_LIST_ITEMS} tools is cut at the cap, which is mcpgate's limit and not the server's failure`, async () => {
    // 60,000 tools in one 3.5 MB page: under the response cap, over the item cap.
    const { report, durationMs, peakRssMiB } = await check(['--stdio', fixture('deep-json-server', '--many-tools')]);
    const follow = verdict(report, 'pagination.follow');
    expect(follow.status).toBe('skip');
    expect(follow.message).toContain(`more than ${MAX_LIST_ITEMS} items, mcpgate's cap on one list`);
    expect(follow.message).toContain('--max-list-items');
    // What was read is still judged: the first 10,000 names and schemas.
    expect(verdict(report, 'tools.names').status).toBe('pass');
    expect(verdict(report, 'tools.names').message).toContain(`${MAX_LIST_ITEMS} tool names are valid`);
    console.log(`60,000 tools: ${durationMs} ms, peak RSS ${peakRssMiB.toFixed(0)} MiB`);
  });

  it(`pages of 4 MB without end stop at ${MAX_LIST_BYTES / 1024 / 1024} MiB a list, on every list at once, within the memory bound`, async () => {
    // 40 tools (and resources, templates, prompts) of 100 KB a page, 1000 pages: 4 GB of valid JSON per list.
    const { report, peakRssMiB, text } = await check(['--stdio', fixture('fat-pages-server', '--all')]);
    const follow = verdict(report, 'pagination.follow');
    expect(follow.status).toBe('skip');
    expect(follow.message).toMatch(
      /tools\/list had not ended after \d+ page\(s\) of [\d.]+ MiB \(\d+ items\), past mcpgate's cap of 16 MiB on one list; raise it with --max-list-bytes/,
    );
    expect(report.coverage!.capped.filter((c) => c.includes('--max-list-bytes')).length).toBe(4);
    // A list read in part keeps no tool surface, and the evidence is excerpts: the report stays small.
    expect(report.target.tools).toBeUndefined();
    expect(text.length).toBeLessThan(1024 * 1024);
    expect(report.checks.filter((c) => c.status === 'fail' && /--max-list-bytes/.test(c.message)).map((c) => c.id)).toEqual([]);
    console.log(`four lists at the byte cap: peak RSS ${peakRssMiB.toFixed(0)} MiB`);
  });

  it('pagination without end stops at --max-list-items, and the verdict names the flag instead of failing the server', async () => {
    const { report } = await check(['--stdio', fixture('deep-json-server', '--endless-pages'), '--max-list-items', '300']);
    const follow = verdict(report, 'pagination.follow');
    expect(follow.status).toBe('skip');
    expect(follow.message).toMatch(
      /tools\/list (has more than 300 items|had not ended after 300 pages).*, mcpgate's cap on one list.*raise it with --max-list-items/,
    );
    // The fixture is no conforming server (no _meta checks at all), but nothing fails for mcpgate's own cap.
    expect(report.checks.filter((c) => c.status === 'fail' && /mcpgate's cap|--max-list-items/.test(c.message)).map((c) => c.id)).toEqual(
      [],
    );
  });
});

describe('a stdio junk flood is sampled, not kept', () => {
  it(`keeps ${MAX_NON_JSON_LINES} non-JSON lines and the stderr tail, and counts the rest`, async () => {
    const lines = 100_000;
    const connection = await StdioConnection.start(fixture('junk-flood-server', '--lines', String(lines)), {
      timeoutMs: 60_000,
      maxLineBytes: 1 << 20,
    });
    connections.push(connection);
    const exchange = await new ModernClient(connection).request('tools/list');
    expect(exchange.response).toMatchObject({ result: { tools: [] } });
    expect(connection.nonJsonLines).toHaveLength(MAX_NON_JSON_LINES);
    expect(connection.droppedNonJsonLines).toBe(lines - MAX_NON_JSON_LINES);
    expect(connection.received).toHaveLength(MAX_NON_JSON_LINES + 1);
    await connection.close();
    // How much stderr arrives before the server exits is up to the server's pipe writes; what is kept is not.
    expect(connection.stderrTail).toHaveLength(STDERR_TAIL_CHARS);
    expect(connection.stderrDroppedChars).toBeGreaterThan(0);
    expect(connection.stderrDroppedChars + STDERR_TAIL_CHARS).toBeLessThanOrEqual(lines * ('junk '.repeat(20).length + 1));
  });
});

/** Linux: members of the group that still run (zombies do not: an orphan waits for a reaper that containers often lack). */
function runningMembers(pgid: number): string[] {
  if (process.platform !== 'linux') {
    try {
      process.kill(-pgid, 0);
      return [`group ${pgid}`];
    } catch {
      return [];
    }
  }
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return Number(pgrp) === pgid && state !== 'Z' ? [`${pid} (${state})`] : [];
      } catch {
        return [];
      }
    });
}

describe('stdio servers run in a process group of their own, with a least environment', () => {
  it('a helper that holds stdout and ignores SIGTERM neither outlives mcpgate nor keeps it from exiting', async () => {
    const pidFile = join(tempDir(), 'pids.jsonl');
    const run = await runCli(['check', '--stdio', fixture('grandchild-server', '--pid-file', pidFile)], { timeoutMs: 60_000 });
    expect(run.code).not.toBeNull();
    const groups = readFileSync(pidFile, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { pgid: number });
    expect(groups.length).toBeGreaterThan(0);
    const left = groups.flatMap(({ pgid }) => runningMembers(pgid));
    // Clean up before asserting, so a failure leaves nothing behind.
    for (const { pgid } of groups) if (runningMembers(pgid).length > 0) process.kill(-pgid, 'SIGKILL');
    expect(left).toEqual([]);
  });

  it('a helper that left the group with setsid is found by the tag it inherited, ended, and named on stderr', async () => {
    const pidFile = join(tempDir(), 'pids.jsonl');
    const run = await runCli(['check', '--stdio', fixture('setsid-server', '--pid-file', pidFile)], { timeoutMs: 60_000 });
    const started = readFileSync(pidFile, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { pgid: number; escaped: number });
    expect(started.length).toBeGreaterThan(0);
    const alive = (pid: number): boolean => {
      try {
        process.kill(pid, 0);
        return !readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ');
      } catch {
        return false;
      }
    };
    const left = started.filter(({ escaped }) => alive(escaped)).map(({ escaped }) => escaped);
    // Clean up before asserting, so a failure leaves nothing behind.
    for (const pid of left) process.kill(pid, 'SIGKILL');
    // It really had left the group: a group kill would not have reached it.
    expect(started.every(({ pgid, escaped }) => pgid !== escaped)).toBe(true);
    expect(left, run.stderr).toEqual([]);
    for (const { escaped } of started) expect(run.stderr).toContain(`mcpgate: warning: the server left process ${escaped} (`);
    expect(run.stderr).toContain('running outside its process group (setsid); mcpgate ended it with SIGKILL');
  });

  it("the server never sees mcpgate's secrets", async () => {
    const secret = 'sk-mcpgate-canary-0123456789abcdef';
    const { report, output, text } = await check(['--stdio', fixture('env-echo-server')], [], { OPENAI_API_KEY: secret });
    expect(report.target.serverInfo?.name).toBe('env-echo no-key');
    expect(output).not.toContain(secret);
    expect(text).not.toContain(secret);
  });

  it('childEnvironment keeps what a process needs and what the caller passes, nothing else', () => {
    const parent = {
      PATH: '/bin',
      HOME: '/home/u',
      LC_ALL: 'C',
      OPENAI_API_KEY: 'sk-x',
      GITHUB_TOKEN: 'ghp-x',
      SERVER_DEBUG: '1',
      TZ: 'UTC',
    };
    const env = childEnvironment({ SERVER_DEBUG: undefined, EXTRA: 'yes', NOT_SET: undefined }, parent);
    expect(env).toEqual({ PATH: '/bin', HOME: '/home/u', LC_ALL: 'C', TZ: 'UTC', SERVER_DEBUG: '1', EXTRA: 'yes' });
  });
});

describe('a stdio line over the response cap fails its request at once, naming the cap', () => {
  const cap = 1 << 20;
  it('stdio: the request fails as too-large, long before its timeout', async () => {
    const connection = await StdioConnection.start(fixture('stall-server', '--long', String(2 * cap)), {
      timeoutMs: 120_000,
      maxLineBytes: cap,
    });
    connections.push(connection);
    const exchange = await new ModernClient(connection).request('tools/list');
    expect(exchange.error?.kind).toBe('too-large');
    expect(exchange.error?.message).toContain(`longer than ${cap} bytes`);
    expect(exchange.error?.message).toContain('--max-response-bytes');
    // Before, it waited the whole 120 s timeout.
    expect(exchange.timing.durationMs).toBeLessThan(60_000);
  });

  it('http: the same answer fails as too-large too', async () => {
    const url = await httpFixture('stall-server', '--long', String(2 * cap));
    const connection = new HttpConnection(url, { timeoutMs: 120_000, maxResponseBytes: cap });
    connections.push(connection);
    const exchange = await new ModernClient(connection).request('tools/list');
    expect(exchange.error?.kind).toBe('too-large');
    expect(exchange.timing.durationMs).toBeLessThan(60_000);
  });
});

describe('a flood of valid JSON lines is capped per exchange and per connection', () => {
  it(`stdio: the exchange fails after ${MAX_MESSAGES_PER_EXCHANGE} messages, and the connection keeps at most ${MAX_RECEIVED_MESSAGES}`, async () => {
    const connection = await StdioConnection.start(fixture('stall-server', '--flood'), { timeoutMs: 120_000, maxLineBytes: 1 << 20 });
    connections.push(connection);
    const exchange = await new ModernClient(connection).request('tools/list');
    expect(exchange.error?.kind).toBe('too-large');
    expect(exchange.error?.message).toContain(`more than ${MAX_MESSAGES_PER_EXCHANGE} messages`);
    expect(exchange.messages.length).toBeLessThanOrEqual(MAX_MESSAGES_PER_EXCHANGE + 1);
    expect(exchange.timing.durationMs).toBeLessThan(60_000);
    // The flood goes on; what the connection keeps stops at its cap (bounded wait: 600 × 100 ms).
    for (let i = 0; i < 600 && connection.droppedMessages === 0; i++) await delay(100);
    expect(connection.droppedMessages).toBeGreaterThan(0);
    expect(connection.received.length).toBe(MAX_RECEIVED_MESSAGES);
    await connection.close({ eofGraceMs: 100 });
  });

  for (const transport of ['http', 'stdio'] as const) {
    it(`mcpgate check against a flood ends within the timeout, in bounded memory (${transport})`, async () => {
      const target =
        transport === 'http' ? ['--url', await httpFixture('stall-server', '--flood')] : ['--stdio', fixture('stall-server', '--flood')];
      const { durationMs, output } = await check(target, ['--timeout', String(TIMEOUT_MS)]);
      expect(output).not.toContain('internal error');
      // Every request of the run may meet the flood; each ends at once or at its timeout.
      expect(durationMs).toBeLessThan(120_000);
    });
  }
});

/** How long a bare node process takes from SIGINT to exit right now: the machine's current pace. */
async function bareSignalToExitMs(): Promise<number> {
  const child = spawn(
    process.execPath,
    ['-e', "process.on('SIGINT', () => process.exit(130)); setInterval(() => {}, 1000); console.log('ready')"],
    {
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  await new Promise((resolve) => child.stdout.once('data', resolve));
  return signalToExit(child).then((r) => r.ms);
}

function signalToExit(child: ChildProcess): Promise<{ ms: number; code: number | null }> {
  const exited = new Promise<{ ms: number; code: number | null }>((resolve) => {
    const sent = performance.now();
    child.once('exit', (code) => resolve({ ms: performance.now() - sent, code }));
    child.kill('SIGINT');
  });
  return exited;
}

describe('Ctrl-C ends a stuck run within 1 s', () => {
  const modes = [
    ['check', 'stdio', 'silent'],
    ['check', 'stdio', 'drip'],
    ['check', 'stdio', 'flood'],
    ['check', 'http', 'silent'],
    ['check', 'http', 'drip'],
    ['chaos', 'stdio', 'silent'],
    ['chaos', 'http', 'silent'],
    ['eval', 'stdio', 'silent'],
    ['eval', 'http', 'silent'],
  ] as const;
  for (const [command, transport, mode] of modes) {
    it(`${command}, ${transport}, a server that stalls (${mode}): exit 130 within 1 s, no stack trace, no process left`, async () => {
      const mark = join(tempDir(), 'mark');
      const flags = ['--mark', mark, ...(mode === 'silent' ? [] : [`--${mode}`])];
      const target =
        transport === 'http' ? ['--url', await httpFixture('stall-server', ...flags)] : ['--stdio', fixture('stall-server', ...flags)];
      // eval needs a golden set; it stalls on tools/list before any case runs, so the bundled one serves.
      const golden = command === 'eval' ? ['--golden', 'examples/golden/tasks.yaml'] : [];
      const cli = spawn(process.execPath, [CLI, command, ...target, ...golden, '--timeout', '600000'], {
        env: { ...process.env, NO_COLOR: '1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      cli.stdout.setEncoding('utf8').on('data', (c: string) => (output += c));
      cli.stderr.setEncoding('utf8').on('data', (c: string) => (output += c));
      // Mid-exchange: the server has a request it will never answer (bounded wait: 600 × 100 ms).
      for (let i = 0; i < 600 && !(existsSync(mark) && readFileSync(mark, 'utf8').includes('\n')); i++) await delay(100);
      expect(existsSync(mark)).toBe(true);
      const serverPid = Number(readFileSync(mark, 'utf8').split('\n')[0]!.split(' ')[1]);
      const pace = await bareSignalToExitMs();
      const { ms, code } = await signalToExit(cli);
      // 1 s for mcpgate, plus what a bare node process needs right now to do the same (the load factor).
      expect(ms).toBeLessThan(1_000 + pace);
      expect(code).toBe(130);
      expect(output).not.toMatch(/\n\s+at |internal error/);
      if (transport === 'stdio') {
        // SIGKILL is delivered asynchronously: a member may still be on its way out for a moment after
        // mcpgate exits. Give the kernel a bounded moment (20 x 50 ms) before calling it left behind.
        let left = runningMembers(serverPid);
        for (let i = 0; i < 20 && left.length > 0; i++) {
          await delay(50);
          left = runningMembers(serverPid);
        }
        if (left.length > 0) process.kill(-serverPid, 'SIGKILL');
        expect(left).toEqual([]);
      }
    });
  }
});

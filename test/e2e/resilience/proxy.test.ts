/**
 * The fault-injection proxy on the wire: the real reference server behind it (HTTP and stdio),
 * mcpgate's own session in front of it. Each fault is checked by what the client receives and by
 * what reached the server (REFERENCE_SERVER_CALL_LOG).
 */

import { existsSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchHttpServer, type LaunchedServer } from '../../../examples/launch.js';
import { TOOL_DEFINITIONS } from '../../../examples/reference-server/tool-definitions.js';
import { FAULT_KINDS, type FaultKind } from '../../../src/report/model.js';
import { HEADERS, META, PROTOCOL_VERSION } from '../../../src/spec/protocol.js';
import { altersRetries, FAULTS } from '../../../src/resilience/proxy/fault-behaviours.js';
import {
  EXPIRED_TOKEN_CHALLENGE,
  executionsOf,
  startFaultProxy,
  type FaultProxy,
  type FaultRule,
} from '../../../src/resilience/proxy/index.js';
import { newCanary, buildPayload } from '../../../src/resilience/injections/index.js';
import { CLIENT_INFO } from '../../../src/wire/modern-client.js';
import { openSession, type McpSession, type ToolResult } from '../../../src/wire/session.js';
import { REFERENCE_SERVER, referenceStdio, tempDir } from '../../helpers/cli.js';
import { closedPortUrl } from '../../helpers/fake-servers.js';

const CONNECT = { timeoutMs: 5_000, maxResponseBytes: 1_000_000 };
const callLog = join(tempDir(), 'calls.log');
const loggedCalls = (file = callLog): string[] => (existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n').filter(Boolean) : []);

let server: LaunchedServer;
let proxy: FaultProxy;
let session: McpSession;

beforeAll(async () => {
  server = await launchHttpServer(process.execPath, [REFERENCE_SERVER], { env: { ...process.env, REFERENCE_SERVER_CALL_LOG: callLog } });
  proxy = await startFaultProxy({ upstream: { kind: 'http', url: server.url }, connect: CONNECT });
  session = await openSession({ kind: 'http', url: proxy.url }, { timeoutMs: 800, maxResponseBytes: 1_000_000 });
});
afterAll(async () => {
  await session.close();
  await proxy.close();
  await server.stop();
});

function arm(...faults: FaultRule[]): number {
  return proxy.arm({ faults, injections: [] });
}

async function validatorFor(tool: string): Promise<(data: unknown) => boolean> {
  const Ajv2020 = (await import('ajv/dist/2020.js')).default as unknown as {
    default: new (o: object) => { compile: (s: object) => (d: unknown) => boolean };
  };
  const schema = TOOL_DEFINITIONS.find((t) => t.name === tool)!.outputSchema!;
  return new Ajv2020.default({ strict: false }).compile(schema);
}

describe('faults, one tools/call at a time', () => {
  it('passes a call through untouched when nothing is armed', async () => {
    arm();
    const result = await session.callTool('get_weather', { city: 'Paris' });
    expect(result).toMatchObject({ isError: false, structuredContent: { city: 'Paris', temperature: 18 } });
    expect(result.reissued).toBeUndefined();
  });

  it('http-500 answers 500 without reaching the server', async () => {
    const before = loggedCalls().length;
    const mark = arm({ tool: 'get_weather', fault: 'http-500', occurrence: 1 });
    const result = await session.callTool('get_weather', { city: 'Paris' });
    expect(result.exchange.status).toBe(500);
    expect(result).toMatchObject({ isError: true, text: 'Error -32603: Internal server error' });
    expect(proxy.eventsSince(mark)[0]).toMatchObject({
      tool: 'get_weather',
      occurrence: 1,
      fault: 'http-500',
      upstreamExecuted: false,
      status: 500,
    });
    expect(loggedCalls().length).toBe(before);
  });

  it('is-error answers a normal result with isError: true', async () => {
    arm({ tool: 'get_weather', fault: 'is-error', occurrence: 'every' });
    const result = await session.callTool('get_weather', { city: 'Paris' });
    expect(result.exchange.status).toBe(200);
    expect(result.isError).toBe(true);
    expect(result.text).toMatch(/temporarily unavailable/);
  });

  it('malformed-json answers 200 application/json that is not JSON, and is not re-issued', async () => {
    const mark = arm({ tool: 'get_weather', fault: 'malformed-json', occurrence: 1 });
    await expect(session.callTool('get_weather', { city: 'Paris' })).rejects.toThrow(/no answer to tools\/call get_weather/);
    const events = proxy.eventsSince(mark);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ status: 200, fault: 'malformed-json' });
    expect(() => JSON.parse(events[0]!.replyExcerpt!)).toThrow();
  });

  it('expired-token answers 401 with the invalid_token challenge', async () => {
    arm({ tool: 'lookup_customer', fault: 'expired-token', occurrence: 1 });
    const result = await session.callTool('lookup_customer', { customer_id: 'CUS-001' });
    expect(result.exchange.status).toBe(401);
    expect(result.exchange.headers['www-authenticate']).toBe(EXPIRED_TOKEN_CHALLENGE);
    expect(result.exchange.headers['www-authenticate']).toBe('Bearer error="invalid_token", error_description="The access token expired"');
  });

  it('hang never answers: the client timeout fires', async () => {
    const mark = arm({ tool: 'get_weather', fault: 'hang', occurrence: 1 });
    const started = Date.now();
    await expect(session.callTool('get_weather', { city: 'Paris' })).rejects.toMatchObject({ kind: 'timeout' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(750);
    expect(proxy.eventsSince(mark)[0]).toMatchObject({ fault: 'hang', upstreamExecuted: false });
  });

  it('counts occurrences per tool: only the second call fails', async () => {
    arm({ tool: 'get_weather', fault: 'http-500', occurrence: 2 });
    expect((await session.callTool('get_weather', { city: 'Paris' })).isError).toBe(false);
    expect((await session.callTool('get_forecast', { city: 'Paris' })).isError).toBe(false);
    expect((await session.callTool('get_weather', { city: 'Paris' })).exchange.status).toBe(500);
    expect((await session.callTool('get_weather', { city: 'Paris' })).isError).toBe(false);
  });
});

describe('every fault kind', () => {
  type Outcome = { result: ToolResult } | { error: { kind?: string; message: string } };
  const result = (outcome: Outcome): ToolResult => {
    if (!('result' in outcome)) throw new Error(`expected an answer, the call failed: ${outcome.error.message}`);
    return outcome.result;
  };

  /** What the client sees for each kind; every one differs from the unfaulted answer (200, Paris, 18 degrees). */
  const EFFECTS: Record<FaultKind, (outcome: Outcome) => void> = {
    'http-500': (o) => expect(result(o).exchange.status).toBe(500),
    'is-error': (o) => expect(result(o)).toMatchObject({ isError: true, text: expect.stringMatching(/temporarily unavailable/) }),
    hang: (o) => expect(o).toMatchObject({ error: { kind: 'timeout' } }),
    'malformed-json': (o) => expect(o).toMatchObject({ error: { message: expect.stringMatching(/no answer to tools\/call get_weather/) } }),
    'wrong-output': (o) => expect(result(o).structuredContent).toMatchObject({ city: expect.stringMatching(/^mcg/) }),
    'expired-token': (o) => expect(result(o).exchange.status).toBe(401),
    'stream-cut': (o) => expect(result(o)).toMatchObject({ reissued: true, brokenExchange: { error: { kind: 'closed-early' } } }),
    'spurious-input-required': (o) => expect(result(o).exchange.response).toMatchObject({ result: { resultType: 'input_required' } }),
    // Retry faults alter only calls that hand back a requestState (test/e2e/resilience/mrtr-faults.test.ts): this one goes through.
    'drop-request-state': (o) => expect(result(o).structuredContent).toMatchObject({ city: 'Paris', temperature: 18 }),
    'tamper-request-state': (o) => expect(result(o).structuredContent).toMatchObject({ city: 'Paris', temperature: 18 }),
    'replay-request-state': (o) => expect(result(o).structuredContent).toMatchObject({ city: 'Paris', temperature: 18 }),
    'strip-input-responses': (o) => expect(result(o).structuredContent).toMatchObject({ city: 'Paris', temperature: 18 }),
    // Token faults swap the client's bearer token (test/e2e/resilience/token-faults.test.ts): this server asks for none, so the call goes through.
    'token-refused': (o) => expect(result(o).structuredContent).toMatchObject({ city: 'Paris', temperature: 18 }),
    'token-revoked': (o) => expect(result(o).structuredContent).toMatchObject({ city: 'Paris', temperature: 18 }),
  };

  it.each(FAULT_KINDS.map((kind) => [kind]))('%s: the proxy applies its behaviour and never forwards it unfaulted', async (kind) => {
    const before = loggedCalls().filter((c) => c === 'get_weather').length;
    const mark = arm({ tool: 'get_weather', fault: kind, occurrence: 1 });
    const outcome: Outcome = await session.callTool('get_weather', { city: 'Paris' }).then(
      (r) => ({ result: r }),
      (error: { kind?: string; message: string }) => ({ error }),
    );
    EFFECTS[kind](outcome);
    const [event] = proxy.eventsSince(mark);
    expect(event).toMatchObject({ tool: 'get_weather', upstreamExecuted: FAULTS[kind].forwardsFirst });
    expect(event!.fault).toBe(altersRetries(kind) ? undefined : kind);
    // A forwarding fault runs the tool once (stream-cut twice: mcpgate re-issues); an intercepting one never.
    const executions = loggedCalls().filter((c) => c === 'get_weather').length - before;
    expect(executions).toBe(FAULTS[kind].forwardsFirst ? (kind === 'stream-cut' ? 2 : 1) : 0);
  });
});

describe('wrong-output', () => {
  it('replaces values with canaries that stay valid against the outputSchema', async () => {
    const mark = arm({ tool: 'get_weather', fault: 'wrong-output', occurrence: 1 });
    const result = await session.callTool('get_weather', { city: 'Paris' });
    const structured = result.structuredContent as Record<string, unknown>;
    const [event] = proxy.eventsSince(mark);
    expect(event!.upstreamExecuted).toBe(true);
    expect(structured.temperature).toBeGreaterThanOrEqual(9_000_000);
    expect(structured.units).toBe('celsius');
    expect(structured.city).toMatch(/^mcg[0-9a-f]{10}$/);
    expect(event!.canaries).toEqual(expect.arrayContaining([String(structured.temperature), structured.city]));
    expect(JSON.parse(result.text)).toEqual(structured);
    expect((await validatorFor('get_weather'))(structured)).toBe(true);
  });

  it('reaches into nested arrays and keeps them valid', async () => {
    arm({ tool: 'search_invoices', fault: 'wrong-output', occurrence: 1 });
    const result = await session.callTool('search_invoices', { customer_id: 'CUS-001' });
    const invoices = (result.structuredContent as { invoices: Array<{ amount: number; id: string }> }).invoices;
    expect(invoices.length).toBeGreaterThan(0);
    expect(invoices.every((i) => i.amount >= 9_000_000 && /^mcg/.test(i.id))).toBe(true);
    expect((await validatorFor('search_invoices'))(result.structuredContent)).toBe(true);
  });
});

describe('stream-cut: the server executes, the stream breaks, mcpgate re-issues', () => {
  it('re-issues once with a new id; the server executed the call twice', async () => {
    const before = loggedCalls().filter((c) => c === 'get_weather').length;
    const mark = arm({ tool: 'get_weather', fault: 'stream-cut', occurrence: 1 });
    const result = await session.callTool('get_weather', { city: 'London' });
    expect(result).toMatchObject({ reissued: true, isError: false, structuredContent: { city: 'London' } });
    expect(result.brokenExchange).toMatchObject({ status: 200, error: { kind: 'closed-early' } });
    const firstId = JSON.parse(result.brokenExchange!.sent.body).id;
    const secondId = JSON.parse(result.exchange.sent.body).id;
    expect(secondId).not.toBe(firstId);
    const events = proxy.eventsSince(mark);
    expect(events.map((e) => [e.requestId, e.fault, e.upstreamExecuted, e.reissueOf])).toEqual([
      [firstId, 'stream-cut', true, undefined],
      [secondId, undefined, true, events[0]!.seq],
    ]);
    expect(executionsOf(events, events[0]!)).toBe(2);
    expect(loggedCalls().filter((c) => c === 'get_weather').length - before).toBe(2);
  });
});

describe('fail closed', () => {
  it('never forwards a destructive tool; forwards a non-destructive writing tool', async () => {
    const mark = arm();
    const refused = await session.callTool('send_email', { to: 'a@b.example', subject: 's', body: 'b' });
    expect(refused.exchange.status).toBe(403);
    expect(refused.text).toMatch(/refused.*send_email is annotated destructiveHint: true/);
    const created = await session.callTool('create_invoice', { customer_id: 'CUS-001', amount: 10, currency: 'USD' });
    expect(created.isError).toBe(false);
    expect(proxy.eventsSince(mark).map((e) => [e.tool, Boolean(e.refused), e.upstreamExecuted])).toEqual([
      ['send_email', true, false],
      ['create_invoice', false, true],
    ]);
    expect(loggedCalls()).toContain('create_invoice');
    expect(loggedCalls()).not.toContain('send_email');
  });

  it('refuses a tool the server does not list, and everything it cannot parse or route', async () => {
    const unknown = await session.callTool('get_wether', { city: 'Paris' });
    expect(unknown.text).toMatch(/does not list a tool named "get_wether"/);
    const post = (body: string, headers: Record<string, string> = {}): Promise<Response> =>
      fetch(proxy.url, { method: 'POST', body, headers: { 'Content-Type': 'application/json', ...headers } });
    const notJson = await post('{"jsonrpc": "2.0", "id": 1, "method": ');
    expect([notJson.status, ((await notJson.json()) as { error: { code: number } }).error.code]).toEqual([400, -32700]);
    const batch = await post('[{"jsonrpc":"2.0","id":1,"method":"tools/list"}]');
    expect([batch.status, ((await batch.json()) as { error: { code: number } }).error.code]).toEqual([400, -32600]);
    const unrouted = await post('{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}');
    expect([unrouted.status, ((await unrouted.json()) as { error: { code: number } }).error.code]).toEqual([404, -32601]);
    expect((await fetch(proxy.url)).status).toBe(405);
    expect((await fetch(proxy.url.replace('/mcp', '/other'), { method: 'POST', body: '{}' })).status).toBe(404);
  });
});

describe('callers other than a local agent', () => {
  const CALL = JSON.stringify({
    jsonrpc: '2.0',
    id: 7,
    method: 'tools/call',
    params: {
      name: 'get_weather',
      arguments: { city: 'Berlin' },
      _meta: { [META.protocolVersion]: PROTOCOL_VERSION, [META.clientCapabilities]: {}, [META.clientInfo]: CLIENT_INFO },
    },
  });

  /** One POST with exactly these headers (fetch would not let a test choose Host). */
  function post(headers: Record<string, string>, body = CALL): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port: proxy.port, path: '/mcp', method: 'POST', headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      });
      req.on('error', reject);
      req.end(body);
    });
  }
  const own = (): Record<string, string> => ({
    Host: `127.0.0.1:${proxy.port}`,
    Accept: 'application/json, text/event-stream',
    [HEADERS.protocolVersion]: PROTOCOL_VERSION,
    [HEADERS.method]: 'tools/call',
    [HEADERS.name]: 'get_weather',
  });
  const berlin = (): number => loggedCalls().filter((c) => c === 'get_weather').length;

  it.each<[string, (port: number) => Record<string, string>, number, RegExp]>([
    [
      'a CORS simple request from a web page',
      () => ({ 'Content-Type': 'text/plain', Origin: 'https://evil.example' }),
      403,
      /origin "https:\/\/evil\.example"/,
    ],
    ['a JSON request from a web page', () => ({ 'Content-Type': 'application/json', Origin: 'https://evil.example' }), 403, /origin/],
    ['the origin "null" of a sandboxed page', () => ({ 'Content-Type': 'application/json', Origin: 'null' }), 403, /origin "null"/],
    [
      'a page on another port of this machine',
      (port) => ({ 'Content-Type': 'application/json', Origin: `http://127.0.0.1:${port + 1}` }),
      403,
      /origin/,
    ],
    [
      'a text/plain body without an Origin',
      () => ({ 'Content-Type': 'text/plain;charset=UTF-8' }),
      415,
      /application\/json, got "text\/plain;charset=UTF-8"/,
    ],
    ['a form body', () => ({ 'Content-Type': 'application/x-www-form-urlencoded' }), 415, /application\/json/],
    ['no Content-Type', () => ({}), 415, /got none/],
    [
      'a rebound host name (DNS rebinding)',
      (port) => ({ 'Content-Type': 'application/json', Host: `attacker.example:${port}` }),
      403,
      /Host header "attacker\.example:\d+"/,
    ],
    [
      'its own address on another port',
      (port) => ({ 'Content-Type': 'application/json', Host: `127.0.0.1:${port + 1}` }),
      403,
      /Host header/,
    ],
  ])('refuses %s before anything reaches the server', async (_, extra, status, reason) => {
    const before = berlin();
    const mark = arm();
    const reply = await post({ ...own(), ...extra(proxy.port) });
    expect(reply.status).toBe(status);
    expect(JSON.parse(reply.body)).toMatchObject({
      id: null,
      error: { message: expect.stringMatching(reason), data: { refusedBy: 'mcpgate-proxy' } },
    });
    expect(proxy.eventsSince(mark)).toMatchObject([{ method: '(http)', refused: expect.stringMatching(reason), status }]);
    expect(berlin()).toBe(before);
  });

  it('serves its own origin, under either name, with a charset parameter', async () => {
    for (const name of ['127.0.0.1', 'localhost']) {
      const before = berlin();
      const reply = await post({
        ...own(),
        Host: `${name}:${proxy.port}`,
        Origin: `http://${name}:${proxy.port}`,
        'Content-Type': 'application/json; charset=utf-8',
      });
      expect(reply.status).toBe(200);
      expect(reply.body).toContain('"structuredContent":{"city":"Berlin"');
      expect(berlin()).toBe(before + 1);
    }
  });
});

describe('starting the proxy', () => {
  it('a port already in use is a one-line error naming the port', async () => {
    const error = await startFaultProxy({ upstream: { kind: 'http', url: server.url }, connect: CONNECT, port: proxy.port }).catch(
      (e: Error) => e,
    );
    expect(error).toMatchObject({ name: 'ProxyStartError', kind: 'port' });
    expect((error as Error).message).toBe(
      `the fault proxy cannot listen on 127.0.0.1:${proxy.port}: the port is already in use (choose another port, or 0 for a free one)`,
    );
  });

  it('an unreachable upstream is a clear error', async () => {
    const url = await closedPortUrl();
    const start = startFaultProxy({ upstream: { kind: 'http', url }, connect: CONNECT });
    await expect(start).rejects.toMatchObject({ kind: 'upstream' });
    await expect(start).rejects.toThrow(/needs a 2026-07-28 server behind it; .*connection refused/);
  });
});

describe('a stdio upstream', () => {
  it('relays calls by id, cuts streams, and plants injections', async () => {
    const log = join(tempDir(), 'stdio-calls.log');
    const stdio = await startFaultProxy({
      upstream: { kind: 'stdio', command: referenceStdio(), env: { REFERENCE_SERVER_CALL_LOG: log } },
      connect: CONNECT,
    });
    const client = await openSession({ kind: 'http', url: stdio.url }, CONNECT);
    try {
      const [a, b] = await Promise.all([
        client.callTool('get_weather', { city: 'Tokyo' }),
        client.callTool('convert_currency', { amount: 10, from: 'USD', to: 'EUR' }),
      ]);
      expect(a.structuredContent).toMatchObject({ city: 'Tokyo' });
      expect(b.structuredContent).toMatchObject({ from: 'USD', to: 'EUR' });

      stdio.arm({ faults: [{ tool: '*', fault: 'stream-cut', occurrence: 1 }], injections: [] });
      const cut = await client.callTool('get_forecast', { city: 'Paris', days: 2 });
      expect(cut.reissued).toBe(true);
      expect(loggedCalls(log).filter((c) => c === 'get_forecast')).toHaveLength(2);

      const canary = newCanary();
      const payload = buildPayload('instruction-override', canary, 'send_email');
      stdio.arm({ faults: [], injections: [{ tool: 'get_weather', occurrence: 'every', payload, label: 'x' }] });
      const injected = await client.callTool('get_weather', { city: 'Paris' });
      expect(injected.text).toContain(canary.codeWord);
      expect((injected.structuredContent as { conditions: string }).conditions).toBe(`partly cloudy ${payload}`);
      expect((await validatorFor('get_weather'))(injected.structuredContent)).toBe(true);
    } finally {
      await client.close();
      await stdio.close();
    }
  });
});

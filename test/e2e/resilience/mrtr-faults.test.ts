/**
 * The MRTR faults of the proxy against the real reference server (whose requestState is HMAC-signed
 * and bound to the call) and against the broken variants that trust altered state: the finding
 * must appear for the broken one and not for the correct one.
 */

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchHttpServer, type LaunchedServer } from '../../../examples/launch.js';
import type { StateFinding } from '../../../src/report/model.js';
import { stateFindingLines } from '../../../src/report/terminal-state-findings.js';
import { stateFindingsMarkdown } from '../../../src/report/markdown-state-findings.js';
import { stateFindingsSection } from '../../../src/report/html/state-findings.js';
import { startFaultProxy, stateFindingsOf, type FaultProxy, type FaultRule } from '../../../src/resilience/proxy/index.js';
import { META } from '../../../src/spec/protocol.js';
import { isRecord } from '../../../src/shared/guards.js';
import { isResultResponse } from '../../../src/wire/jsonrpc.js';
import { ModernClient } from '../../../src/wire/modern-client.js';
import { connect } from '../../../src/wire/target.js';
import { REFERENCE_SERVER, referenceStdio, tempDir } from '../../helpers/cli.js';

const CONNECT = { timeoutMs: 5_000, maxResponseBytes: 1_000_000 };
const TOOL = 'mrtr_form_elicitation';
const ANSWER = { recipient: { action: 'accept', content: { name: 'Ada', email: 'ada@example.com' } } };
const ELICITS = { [META.clientCapabilities]: { elicitation: {} } };

interface Rig {
  server: LaunchedServer;
  proxy: FaultProxy;
  client: ModernClient;
  callLog: string;
}

const rigs: Record<'correct' | 'unsigned' | 'unbound', Rig> = {} as never;

async function rig(variant?: string): Promise<Rig> {
  const callLog = join(tempDir(), 'calls.log');
  const server = await launchHttpServer(process.execPath, [REFERENCE_SERVER, ...(variant ? ['--break', variant] : [])], {
    env: { ...process.env, REFERENCE_SERVER_CALL_LOG: callLog },
  });
  const proxy = await startFaultProxy({ upstream: { kind: 'http', url: server.url }, connect: CONNECT });
  const client = new ModernClient(await connect({ kind: 'http', url: proxy.url }, CONNECT));
  return { server, proxy, client, callLog };
}

beforeAll(async () => {
  [rigs.correct, rigs.unsigned, rigs.unbound] = await Promise.all([rig(), rig('mrtr-unsigned-state'), rig('mrtr-state-unbound')]);
});
afterAll(async () => {
  for (const r of Object.values(rigs)) {
    await r.client.connection.close({ eofGraceMs: 500 });
    await r.proxy.close();
    await r.server.stop();
  }
});

async function call(r: Rig, params: Record<string, unknown>, name = TOOL): Promise<Record<string, unknown> | { error: unknown }> {
  const exchange = await r.client.request('tools/call', { name, ...params }, { metaPatch: ELICITS });
  const response = exchange.response;
  if (isResultResponse(response)) return response.result;
  return { error: isRecord(response) ? response.error : exchange.error };
}

/** The first round, then the retry with the answers and the state the server issued. */
async function roundTrip(r: Rig, topic: string): Promise<Record<string, unknown> | { error: unknown }> {
  const first = await call(r, { arguments: { topic } });
  expect(first).toMatchObject({ resultType: 'input_required', requestState: expect.any(String) });
  return call(r, { arguments: { topic }, inputResponses: ANSWER, requestState: (first as { requestState: string }).requestState });
}

function findingsAfter(r: Rig, mark: number): StateFinding[] {
  return stateFindingsOf(r.proxy.eventsSince(mark));
}

function arm(r: Rig, ...faults: FaultRule[]): number {
  return r.proxy.arm({ faults, injections: [] });
}

describe('retry faults: the correct server refuses, the broken one completes', () => {
  it('unfaulted, the round trip completes and nothing is a finding', async () => {
    const mark = arm(rigs.correct);
    expect(await roundTrip(rigs.correct, 'report')).toMatchObject({ content: [{ text: expect.stringMatching(/^Finished/) }] });
    expect(findingsAfter(rigs.correct, mark)).toEqual([]);
  });

  it('tamper-request-state: HMAC-checked state is refused; unverified state completes and is a failed finding', async () => {
    const correct = arm(rigs.correct, { tool: TOOL, fault: 'tamper-request-state', occurrence: 1 });
    expect(await roundTrip(rigs.correct, 'report')).toMatchObject({
      error: { code: -32602, message: expect.stringMatching(/verification/) },
    });
    expect(findingsAfter(rigs.correct, correct)).toEqual([
      expect.objectContaining({ fault: 'tamper-request-state', reaction: 'error', status: 'pass' }),
    ]);

    const broken = arm(rigs.unsigned, { tool: TOOL, fault: 'tamper-request-state', occurrence: 1 });
    expect(await roundTrip(rigs.unsigned, 'report')).toMatchObject({ content: [{ text: expect.stringMatching(/^Finished/) }] });
    const [finding] = findingsAfter(rigs.unsigned, broken);
    expect(finding).toMatchObject({ tool: TOOL, reaction: 'completed', status: 'fail' });
    expect(finding!.message).toMatch(/completed a retry whose requestState had one character altered/);
  });

  it('replay-request-state: a state issued for other arguments is refused when bound, completes when unbound', async () => {
    for (const [r, expected] of [
      [rigs.correct, { reaction: 'error', status: 'pass' }],
      // Binding is a SHOULD (M4), as in layer 0's mrtr.state-bound: a warning, not a failure.
      [rigs.unbound, { reaction: 'completed', status: 'warn' }],
      // Signature checking alone does not catch a replay; only the binding does.
      [rigs.unsigned, { reaction: 'error', status: 'pass' }],
    ] as const) {
      const mark = arm(r, { tool: TOOL, fault: 'replay-request-state', occurrence: 1 });
      await call(r, { arguments: { topic: 'invoices of March' } });
      await roundTrip(r, 'report');
      expect(findingsAfter(r, mark)).toEqual([expect.objectContaining({ fault: 'replay-request-state', ...expected })]);
    }
  });

  it('replay-request-state with no other call seen leaves the retry alone and says why', async () => {
    const mark = arm(rigs.unbound, { tool: TOOL, fault: 'replay-request-state', occurrence: 1 });
    expect(await roundTrip(rigs.unbound, 'report')).toMatchObject({ content: [{ text: expect.stringMatching(/^Finished/) }] });
    const events = rigs.unbound.proxy.eventsSince(mark);
    expect(events[1]).toMatchObject({
      fault: 'replay-request-state',
      faultSkipped: expect.stringMatching(/no requestState issued for another call/),
    });
    expect(events[1]!.serverReaction).toBeUndefined();
    expect(stateFindingsOf(events)).toEqual([]);
  });

  it('drop-request-state: the server treats the retry as a fresh call and asks again', async () => {
    for (const r of [rigs.correct, rigs.unsigned]) {
      const mark = arm(r, { tool: TOOL, fault: 'drop-request-state', occurrence: 'every' });
      expect(await roundTrip(r, 'report')).toMatchObject({ resultType: 'input_required' });
      expect(findingsAfter(r, mark)).toEqual([
        expect.objectContaining({ fault: 'drop-request-state', reaction: 'input-required', status: 'pass' }),
      ]);
    }
  });

  it('strip-input-responses: the server asks again; a retry without answers is left alone', async () => {
    const mark = arm(rigs.correct, { tool: '*', fault: 'strip-input-responses', occurrence: 'every' });
    expect(await roundTrip(rigs.correct, 'report')).toMatchObject({
      resultType: 'input_required',
      inputRequests: { recipient: expect.anything() },
    });
    // Load shedding asks for nothing: its retry has no answers to strip, and completing it is right.
    const shed = await call(rigs.correct, { arguments: { topic: 'report' } }, 'mrtr_load_shedding');
    const done = await call(
      rigs.correct,
      { arguments: { topic: 'report' }, requestState: (shed as { requestState: string }).requestState },
      'mrtr_load_shedding',
    );
    expect(done).toMatchObject({ content: [{ text: expect.stringMatching(/^Finished/) }] });
    const events = rigs.correct.proxy.eventsSince(mark);
    expect(events.at(-1)).toMatchObject({ faultSkipped: 'the retry carries no inputResponses to strip' });
    expect(stateFindingsOf(events)).toEqual([
      expect.objectContaining({ fault: 'strip-input-responses', reaction: 'input-required', status: 'pass' }),
    ]);
  });

  it('a retry fault counts retries only: occurrence 1 skips the first call and alters the first retry', async () => {
    const mark = arm(rigs.unsigned, { tool: TOOL, fault: 'tamper-request-state', occurrence: 1 });
    await roundTrip(rigs.unsigned, 'report');
    const [first, retry] = rigs.unsigned.proxy.eventsSince(mark);
    expect(first).toMatchObject({ occurrence: 1, upstreamExecuted: true });
    expect(first!.fault).toBeUndefined();
    expect(retry).toMatchObject({ occurrence: 2, fault: 'tamper-request-state', serverReaction: 'completed' });
  });

  it('fails closed: a destructive tool is refused even as a retry, and never reaches the server', async () => {
    const before = existsSync(rigs.correct.callLog) ? readFileSync(rigs.correct.callLog, 'utf8') : '';
    const mark = arm(rigs.correct, { tool: '*', fault: 'tamper-request-state', occurrence: 'every' });
    const answer = await call(rigs.correct, { arguments: { id: 'INV-1001' }, requestState: 'x.y' }, 'delete_invoice');
    expect(answer).toMatchObject({ error: { message: expect.stringMatching(/delete_invoice .*allow-list/) } });
    expect(rigs.correct.proxy.eventsSince(mark)[0]).toMatchObject({ upstreamExecuted: false, refused: expect.any(String) });
    expect(existsSync(rigs.correct.callLog) ? readFileSync(rigs.correct.callLog, 'utf8') : '').toBe(before);
  });
});

describe('a stdio upstream', () => {
  it('tampered state: the correct server refuses, the unverifying variant completes', async () => {
    for (const [variant, expected] of [
      ['', { reaction: 'error', status: 'pass' }],
      ['--break mrtr-unsigned-state', { reaction: 'completed', status: 'fail' }],
    ] as const) {
      const proxy = await startFaultProxy({ upstream: { kind: 'stdio', command: referenceStdio(variant) }, connect: CONNECT });
      const client = new ModernClient(await connect({ kind: 'http', url: proxy.url }, CONNECT));
      const r: Rig = { server: undefined as never, proxy, client, callLog: '' };
      try {
        const mark = arm(r, { tool: TOOL, fault: 'tamper-request-state', occurrence: 1 });
        await roundTrip(r, 'report');
        expect(findingsAfter(r, mark)).toEqual([expect.objectContaining({ fault: 'tamper-request-state', ...expected })]);
      } finally {
        await client.connection.close({ eofGraceMs: 500 });
        await proxy.close();
      }
    }
  });
});

describe('spurious-input-required', () => {
  it('answers input_required in the server’s place, asking only what the client declared', async () => {
    const r = rigs.correct;
    const before = existsSync(r.callLog) ? readFileSync(r.callLog, 'utf8') : '';
    const mark = arm(r, { tool: 'get_weather', fault: 'spurious-input-required', occurrence: 1 });
    const asked = await call(r, { arguments: { city: 'Paris' } }, 'get_weather');
    expect(asked).toMatchObject({
      resultType: 'input_required',
      requestState: expect.stringMatching(/^mcpgate-spurious-/),
      inputRequests: { confirm: { method: 'elicitation/create' } },
    });
    expect(r.proxy.eventsSince(mark)[0]).toMatchObject({ fault: 'spurious-input-required', upstreamExecuted: false });
    expect(existsSync(r.callLog) ? readFileSync(r.callLog, 'utf8') : '').toBe(before);

    // A client that declares nothing gets the bare load-shedding shape it must still be able to retry.
    arm(r, { tool: 'get_weather', fault: 'spurious-input-required', occurrence: 1 });
    const bare = await r.client.request('tools/call', { name: 'get_weather', arguments: { city: 'Paris' } });
    const result = isResultResponse(bare.response) ? bare.response.result : {};
    expect(result).toMatchObject({ resultType: 'input_required' });
    expect(result.inputRequests).toBeUndefined();
  });

  it('the client’s retry of the made-up request reaches the server as a fresh call, without the made-up state', async () => {
    const r = rigs.correct;
    arm(r, { tool: 'get_weather', fault: 'spurious-input-required', occurrence: 1 });
    const asked = (await call(r, { arguments: { city: 'Paris' } }, 'get_weather')) as { requestState: string };
    const retried = await call(
      r,
      {
        arguments: { city: 'Paris' },
        requestState: asked.requestState,
        inputResponses: { confirm: { action: 'accept', content: { confirmed: true } } },
      },
      'get_weather',
    );
    expect(retried).toMatchObject({ structuredContent: { city: 'Paris', temperature: 18 } });
    expect(findingsAfter(r, 0)).not.toContainEqual(expect.objectContaining({ fault: 'spurious-input-required' }));
  });
});

describe('state findings in the report', () => {
  const findings: StateFinding[] = [
    {
      seq: 4,
      tool: TOOL,
      fault: 'tamper-request-state',
      reaction: 'completed',
      status: 'fail',
      message: `${TOOL}: the server completed a retry <b>`,
    },
    { seq: 7, tool: TOOL, fault: 'drop-request-state', reaction: 'input-required', status: 'pass', message: 'asked again' },
    { seq: 9, tool: TOOL, fault: 'replay-request-state', reaction: 'completed', status: 'warn', message: 'replayed and completed' },
  ];
  const report = { chaos: { agent: { stateFindings: findings } } } as unknown as Parameters<typeof stateFindingsMarkdown>[0];

  it('terminal, Markdown and HTML show each finding, escaped, and nothing when there is none', () => {
    const lines = stateFindingLines(report.chaos!.agent!, (_c, text) => text);
    expect(lines[0]).toBe('MRTR state: 1/3 altered retries refused by the server');
    expect(lines[1]).toMatch(/✗ tamper-request-state \(event 4\)/);
    expect(lines[3]).toMatch(/! replay-request-state \(event 9\)/);
    const markdown = stateFindingsMarkdown(report, 10).join('\n');
    expect(markdown).toContain('1/3 retries');
    expect(markdown).toContain('| warn | `replay-request-state` | 9 |');
    expect(markdown).toContain('&lt;b&gt;');
    expect(markdown).not.toContain('asked again');
    const html = stateFindingsSection(report);
    expect(html).toContain('<code>tamper-request-state</code>');
    expect(html).toContain('&lt;b&gt;');
    const none = { chaos: { agent: {} } } as unknown as typeof report;
    expect([stateFindingLines(none.chaos!.agent!, (_c, t) => t), stateFindingsMarkdown(none, 10), stateFindingsSection(none)]).toEqual([
      [],
      [],
      '',
    ]);
  });
});

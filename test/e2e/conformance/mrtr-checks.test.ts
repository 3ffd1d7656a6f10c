/**
 * The MRTR and progress checks beyond what the broken twins prove: calls named in config
 * (`check.calls`) are exercised with their own arguments, even on a tool the safety rule would not
 * call; a server whose only input_required comes from resources/read or prompts/get is followed
 * there, with messages and evidence naming the request; a tampered state really differs from the
 * original; and a malformed `check.calls` is a config error naming the key.
 */

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_CHECKS } from '../../../src/conformance/checks/index.js';
import { tamper } from '../../../src/conformance/checks/mrtr.js';
import { runConformance } from '../../../src/conformance/runner.js';
import { parseConfig } from '../../../src/pipeline/config.js';
import type { Report } from '../../../src/report/model.js';
import { ROOT, referenceStdio, tempDir } from '../../helpers/cli.js';

type Calls = Array<{ tool: string; arguments: Record<string, unknown> }>;

function run(ids: string[], calls: Calls, env?: Record<string, string>, command = referenceStdio()): Promise<Report> {
  return runConformance({
    target: { kind: 'stdio', command, ...(env ? { env: { ...process.env, ...env } } : {}) },
    checks: ALL_CHECKS.filter((c) => ids.includes(c.id)),
    strict: false,
    allowTools: [],
    calls,
    connect: { timeoutMs: 10_000, maxResponseBytes: 1 << 22 },
    concurrency: 2,
    eofGraceMs: 5_000,
  });
}

/** The tools the reference server saw called while the progress check ran with `calls`. */
async function calledTools(calls: Calls): Promise<string[]> {
  const log = join(tempDir(), 'calls.log');
  await run(['progress.notifications'], calls, { REFERENCE_SERVER_CALL_LOG: log });
  return existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : [];
}

describe('check.calls', () => {
  it('adds the named call, with its arguments, to the calls the progress check makes', async () => {
    const report = await run(['progress.notifications'], [{ tool: 'count_with_progress', arguments: { steps: 5 } }]);
    const progress = report.checks.find((c) => c.id === 'progress.notifications')!;
    expect(progress.status).toBe('pass');
    // The sampled call counts to the default 4, the named one to 5.
    expect(progress.message).toBe('2 call(s) sent 9 progress notification(s), each with its token, rising, before the response');
  });

  it('lets a check make exactly the named call on a tool that is not read-only, and no other call to it', async () => {
    const args = { customer_id: 'CUS-001', amount: 10, currency: 'EUR' };
    const named = await calledTools([{ tool: 'create_invoice', arguments: args }]);
    expect(named.filter((name) => name === 'create_invoice')).toHaveLength(1);
    expect(await calledTools([])).not.toContain('create_invoice');
  });
});

const MRTR_IDS = ALL_CHECKS.filter((c) => c.id.startsWith('mrtr.')).map((c) => c.id);
/** The MRTR checks a stdio server meets: every one of them must be in the report. */
const STDIO_MRTR_IDS = ALL_CHECKS.filter((c) => MRTR_IDS.includes(c.id) && (!c.transports || c.transports.includes('stdio'))).map(
  (c) => c.id,
);

/** The MRTR checks against the reference server with no MRTR tool listed and only its MRTR resource or prompt. */
async function mrtrOutsideTools(only: 'resource' | 'prompt', variant?: string): Promise<Map<string, Report['checks'][number]>> {
  const fixture = join(ROOT, 'dist/test/fixtures/mrtr-outside-tools.js');
  const command = `"${process.execPath}" "${fixture}" --only ${only}${variant ? ` --break ${variant}` : ''}`;
  const report = await run(MRTR_IDS, [], undefined, command);
  return new Map(report.checks.map((c) => [c.id, c]));
}

describe('MRTR outside tools/call', () => {
  it('follows an input_required that only resources/read answers, and names it', async () => {
    const checks = await mrtrOutsideTools('resource');
    const statuses = Object.fromEntries([...checks].map(([id, c]) => [id, c.status]));
    expect(STDIO_MRTR_IDS.length).toBeGreaterThan(5);
    expect(statuses).toEqual({
      ...Object.fromEntries(STDIO_MRTR_IDS.map((id) => [id, 'pass'])),
      // A resource read has no argument to change.
      'mrtr.state-bound': 'skip',
    });
    expect(checks.get('mrtr.state-bound')!.message).toBe(
      'no MRTR tool call or prompt get with a requestState has arguments mcpgate could change within its schema',
    );
    expect(checks.get('mrtr.state-tampered')!.message).toBe('1 MRTR request(s) refused an altered requestState (1 resources/read)');
    expect(checks.get('mrtr.capability-gating')!.message).toMatch(/\(1 resources\/read\)$/);
  });

  it('follows an input_required that only prompts/get answers, state binding included', async () => {
    const checks = await mrtrOutsideTools('prompt');
    expect([...checks.keys()]).toEqual(STDIO_MRTR_IDS);
    for (const [id, check] of checks) expect([id, check.status]).toEqual([id, 'pass']);
    expect(checks.get('mrtr.state-bound')!.message).toBe(
      '1 MRTR request(s) refused a requestState replayed with other arguments (1 prompts/get)',
    );
  });

  it('a resource that accepts a tampered state fails mrtr.state-tampered, naming resources/read and its URI', async () => {
    const tampered = (await mrtrOutsideTools('resource', 'mrtr-resource-unsigned-state')).get('mrtr.state-tampered')!;
    expect(tampered.status).toBe('fail');
    expect(tampered.message).toMatch(
      /^a tampered requestState was accepted: resources\/read mrtr:\/\/reports\/confidential: completed the call/,
    );
    expect(tampered.evidence[0]!.label).toBe('resources/read mrtr://reports/confidential');
    expect(tampered.evidence[0]!.sent).toContain('"method":"resources/read"');
  });

  it('a prompt that asks for undeclared roots fails mrtr.capability-gating, naming prompts/get and the prompt', async () => {
    const gating = (await mrtrOutsideTools('prompt', 'mrtr-prompt-undeclared-kind')).get('mrtr.capability-gating')!;
    expect(gating.status).toBe('fail');
    expect(gating.message).toBe(
      'input requested that the request did not declare: prompts/get review_workspace: with clientCapabilities {} it still asked for roots: roots',
    );
    expect(gating.evidence[0]!.label).toBe('prompts/get review_workspace');
  });
});

describe('tamper', () => {
  it('changes the decoded bytes, even in the last base64url character whose low bits are padding', () => {
    const state = Buffer.from('0123456789abcdef0123456789abcdef').toString('base64url');
    for (const index of [0, Math.floor(state.length / 2), state.length - 1]) {
      const altered = tamper(state, index);
      expect(altered).not.toBe(state);
      expect(altered).toHaveLength(state.length);
      expect(Buffer.from(altered, 'base64url').equals(Buffer.from(state, 'base64url'))).toBe(false);
    }
  });
});

describe('check.calls in mcpgate.yaml', () => {
  it('takes a list of {tool, arguments}', () => {
    const config = parseConfig(
      'server:\n  url: http://127.0.0.1:3000/mcp\ncheck:\n  calls:\n    - tool: mrtr_roots\n      arguments: {topic: docs}\n',
      'mcpgate.yaml',
      {},
    );
    expect(config.check?.calls).toEqual([{ tool: 'mrtr_roots', arguments: { topic: 'docs' } }]);
  });

  it('refuses an entry without a tool, naming the key', () => {
    const text = 'server:\n  url: http://127.0.0.1:3000/mcp\ncheck:\n  calls:\n    - arguments: {}\n';
    expect(() => parseConfig(text, 'mcpgate.yaml', {})).toThrow(
      /^mcpgate\.yaml:5:7: check\.calls\[0\] has no tool \(the tool to call\) \(add "tool:" with a tool name\)$/,
    );
  });
});

/**
 * The MRTR and progress checks beyond what the broken twins prove: calls named in config
 * (`check.calls`) are exercised with their own arguments, even on a tool the safety rule would not
 * call; a tampered state really differs from the original; and a malformed `check.calls` is a
 * config error naming the key.
 */

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_CHECKS } from '../src/conformance/checks/index.js';
import { tamper } from '../src/conformance/checks/mrtr.js';
import { runConformance } from '../src/conformance/runner.js';
import { parseConfig } from '../src/pipeline/config.js';
import type { Report } from '../src/report/model.js';
import { referenceStdio, tempDir } from './helpers/cli.js';

type Calls = Array<{ tool: string; arguments: Record<string, unknown> }>;

function run(ids: string[], calls: Calls, env?: Record<string, string>): Promise<Report> {
  return runConformance({
    target: { kind: 'stdio', command: referenceStdio(), ...(env ? { env: { ...process.env, ...env } } : {}) },
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
      /^mcpgate\.yaml:5:7: check\.calls must be a list of \{tool, arguments\} mappings/,
    );
  });
});

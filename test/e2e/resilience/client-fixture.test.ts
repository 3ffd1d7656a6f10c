/**
 * Client fixture mode: a user's MCP client runs against a proxy that cuts the stream of its first
 * tools/call. Two fixture clients (test/fixtures/) prove the verdicts: one re-issues with a new id,
 * the naive one hangs (and is killed at the timeout), or with --give-up exits without re-issuing.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchHttpServer, type LaunchedServer } from '../../../examples/launch.js';
import { runClientFixture } from '../../../src/resilience/scenarios/index.js';
import { REFERENCE_SERVER, ROOT } from '../../helpers/cli.js';

const client = (name: string, extra = ''): string => `"${process.execPath}" "${ROOT}/dist/test/fixtures/${name}.js" ${extra}`.trim();

describe('verdicts against the bundled reference server', () => {
  it('a client that re-issues with a new id: re-issued, and the server executed the call twice', async () => {
    const result = await runClientFixture({ command: client('well-behaved-client'), timeoutMs: 10_000 });
    expect(result).toMatchObject({
      verdict: 're-issued',
      status: 'pass',
      reissued: true,
      upstreamExecutions: 2,
      exitCode: 0,
      timedOut: false,
    });
    expect(result.message).toBe('the client re-issued tools/call get_weather with a new id (1, then 2); the server executed it twice');
    expect(result.stdoutTail).toContain('"id":2');
    expect(result.events.map((e) => [e.requestId, e.fault, e.upstreamExecuted])).toEqual([
      [1, 'stream-cut', true],
      [2, undefined, true],
    ]);
  });

  it('a client that waits forever: hung, killed at the timeout', async () => {
    const started = Date.now();
    const result = await runClientFixture({ command: client('naive-client'), timeoutMs: 1_500 });
    expect(result).toMatchObject({
      verdict: 'hung',
      status: 'fail',
      reissued: false,
      upstreamExecutions: 1,
      timedOut: true,
      signal: 'SIGKILL',
    });
    expect(result.message).toBe('the stream of tools/call get_weather was cut and the client did not exit within 1500 ms and was killed');
    expect(Date.now() - started).toBeLessThan(8_000);
  });

  it('a client that exits on the broken stream: gave-up', async () => {
    const result = await runClientFixture({ command: client('naive-client', '--give-up'), timeoutMs: 10_000 });
    expect(result).toMatchObject({ verdict: 'gave-up', status: 'fail', reissued: false, exitCode: 2, timedOut: false });
    expect(result.stderrTail).toMatch(/giving up/);
  });

  it('a command that does not exist is a clear error', async () => {
    await expect(runClientFixture({ command: 'mcpgate-no-such-client --flag', timeoutMs: 2_000 })).rejects.toThrow(
      'client command not found: mcpgate-no-such-client',
    );
  });
});

describe('against a given target over HTTP', () => {
  let server: LaunchedServer;
  beforeAll(async () => {
    server = await launchHttpServer(process.execPath, [REFERENCE_SERVER]);
  });
  afterAll(async () => {
    await server.stop();
  });

  it('re-issued through an HTTP upstream', async () => {
    const result = await runClientFixture({
      command: client('well-behaved-client'),
      target: { kind: 'http', url: server.url },
      timeoutMs: 10_000,
    });
    expect(result).toMatchObject({ verdict: 're-issued', upstreamExecutions: 2 });
  });
});

/**
 * Bad input gets one clear line, a documented exit code, no stack trace, no wait beyond the
 * timeout and no leftover process.
 */

import { execFileSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/cli.js';
import { closedPortUrl, fakeHttpServer, type FakeServer } from '../../helpers/fake-servers.js';

let fake: FakeServer | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

function expectCleanError(run: { stdout: string; stderr: string }): void {
  const all = run.stdout + run.stderr;
  expect(all).not.toMatch(/\n\s+at .+:\d+:\d+/); // no stack frames
  expect(all).not.toMatch(/internal error/);
}

/** The test's own `node -e` stdio servers carrying the marker (not mcpgate, whose argv also holds it). */
function processesWith(marker: string): string[] {
  try {
    return execFileSync('pgrep', ['-f', `^node -e .*${marker}`], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .filter(Boolean);
  } catch {
    return []; // pgrep exits 1 when nothing matches
  }
}

describe('usage errors exit 2', () => {
  it('no target', async () => {
    const run = await runCli(['check']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--url .* or --stdio/);
    expectCleanError(run);
  });

  it('both targets', async () => {
    const run = await runCli(['check', '--url', 'http://127.0.0.1:1/mcp', '--stdio', 'node x.js']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('not both');
  });

  it('a URL that is not one', async () => {
    const run = await runCli(['check', '--url', 'localhost:3000']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/not an http\(s\) URL|not a valid URL/);
    expectCleanError(run);
  });

  it('a timeout that is not a number', async () => {
    const run = await runCli(['check', '--url', 'http://127.0.0.1:1/mcp', '--timeout', 'soon']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--timeout needs a positive integer');
  });

  it('an unknown flag', async () => {
    const run = await runCli(['check', '--ulr', 'http://127.0.0.1:1/mcp']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("unknown option '--ulr'");
  });
});

describe('unreachable or non-MCP servers exit 3 with one line naming the cause', () => {
  it('a closed port', async () => {
    const run = await runCli(['check', '--url', await closedPortUrl()]);
    expect(run.code).toBe(3);
    expect(run.stdout).toContain('connection refused');
    expectCleanError(run);
  });

  it('a server that answers HTML', async () => {
    fake = await fakeHttpServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><html><body>Welcome</body></html>');
    });
    const run = await runCli(['check', '--url', fake.url]);
    expect(run.code).toBe(3);
    expect(run.stdout).toMatch(/not an MCP server: .*text\/html/);
    expectCleanError(run);
  });

  it('a server that never answers is abandoned at the timeout', async () => {
    fake = await fakeHttpServer(() => undefined);
    const run = await runCli(['check', '--url', fake.url, '--timeout', '400']);
    expect(run.code).toBe(3);
    expect(run.stdout).toMatch(/no response within 400 ms/);
    expect(run.durationMs).toBeLessThan(8_000);
    expectCleanError(run);
  });

  it('a server that closes the connection before answering', async () => {
    fake = await fakeHttpServer((req) => req.socket.destroy());
    const run = await runCli(['check', '--url', fake.url]);
    expect(run.code).toBe(3);
    expect(run.stdout).toMatch(/closed the connection before answering/);
  });

  it('a server that streams without end', async () => {
    fake = await fakeHttpServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const timer = setInterval(() => res.write(': keep-alive\n\n'), 50);
      res.on('close', () => clearInterval(timer));
    });
    const run = await runCli(['check', '--url', fake.url, '--timeout', '400']);
    expect(run.code).toBe(3);
    expect(run.stdout).toMatch(/did not complete within 400 ms/);
  });

  it('a stdio command that is not found', async () => {
    const run = await runCli(['check', '--stdio', 'mcpgate-no-such-command-xyz --flag']);
    expect(run.code).toBe(3);
    expect(run.stdout).toContain('command not found: mcpgate-no-such-command-xyz');
    expectCleanError(run);
  });

  it('a stdio command that exits at once', async () => {
    const run = await runCli(['check', '--stdio', `node -e "process.exit(7)"`]);
    expect(run.code).toBe(3);
    expect(run.stdout).toMatch(/exited with code 7/);
  });

  it('a stdio command that writes garbage and ignores EOF and SIGTERM is killed, not left behind', async () => {
    const marker = `mcpgate-garbage-${process.pid}-${Date.now()}`;
    const script = `process.on('SIGTERM',()=>{});console.log('hello, I am not MCP');setInterval(()=>{},1000);/*${marker}*/`;
    const run = await runCli(['check', '--stdio', `node -e "${script}"`, '--timeout', '500']);
    expect(run.code).toBe(3);
    expect(run.stdout).toMatch(/not an MCP server/);
    expect(processesWith(marker)).toEqual([]);
  });
});

describe('interruption', () => {
  it('Ctrl-C ends mcpgate with 130 and ends the server it started', async () => {
    const marker = `mcpgate-sigint-${process.pid}-${Date.now()}`;
    // A stdio "server" that never answers, so mcpgate is still waiting when the signal arrives.
    const script = `process.on('SIGTERM',()=>{});setInterval(()=>{},1000);/*${marker}*/`;
    const { spawn } = await import('node:child_process');
    const { CLI } = await import('../../helpers/cli.js');
    const child = spawn(process.execPath, [CLI, 'check', '--stdio', `node -e "${script}"`, '--timeout', '20000'], { stdio: 'ignore' });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    // Bounded wait for the server process to appear before interrupting.
    for (let i = 0; i < 200 && processesWith(marker).length === 0; i++) await new Promise((r) => setTimeout(r, 25));
    expect(processesWith(marker).length).toBeGreaterThan(0);
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    expect(processesWith(marker)).toEqual([]);
  });
});

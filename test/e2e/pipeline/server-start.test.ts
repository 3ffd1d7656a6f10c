/**
 * `server.start` in mcpgate.yaml: the run starts an HTTP server, waits for its URL, ends it after; it
 * tests only the server it started, and says why in one line when it cannot.
 */

import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { groupRunning } from '../../../src/wire/process-group.js';
import { freePort, portInUse } from '../../helpers/ports.js';
import { REFERENCE_SERVER, readJson, runCli, tempDir } from '../../helpers/cli.js';

interface Run {
  dir: string;
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `mcpgate run` on a config in a fresh folder; `files` are written beside it first. */
async function runWith(server: string, extra = '', files: Record<string, string> = {}): Promise<Run> {
  const dir = tempDir();
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  writeFileSync(join(dir, 'mcpgate.yaml'), `server:\n${server}\nreport:\n  dir: ${join(dir, 'reports')}\n${extra}`);
  return { dir, ...(await runCli(['run', '--config', join(dir, 'mcpgate.yaml')], { timeoutMs: 60_000 })) };
}

function startCommand(port: number, command: string): string {
  return `  url: http://127.0.0.1:${port}/mcp\n  start:\n    command: ${JSON.stringify(command)}`;
}

const node = JSON.stringify(process.execPath);
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** An old copy of the server still running: the reference server in a process of its own, on a free port. */
async function staleServer(): Promise<{ port: number; pid: number }> {
  const child = spawn(process.execPath, [REFERENCE_SERVER, '--port', '0'], { stdio: ['ignore', 'pipe', 'ignore'] });
  cleanups.push(() => {
    child.kill('SIGKILL');
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const match = /listening (\S+)/.exec(out);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`the stale server exited with ${code}`)));
  });
  return { port: Number(new URL(url).port), pid: child.pid! };
}

/** A port held by this test process, so that a server started on it fails with EADDRINUSE. */
async function heldPort(): Promise<number> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return (server.address() as { port: number }).port;
}

describe('server.start', () => {
  it('starts the server, checks it, and ends it: the port is free again', async () => {
    const port = await freePort();
    const run = await runWith(startCommand(port, `"${process.execPath}" "${REFERENCE_SERVER}" --port ${port}`));
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`target  http http://127.0.0.1:${port}/mcp`);
    expect(await portInUse(port)).toBe(false);
  });

  it('a server that never listens on the url: exit 3 after wait_ms, naming the key', async () => {
    const port = await freePort();
    const run = await runWith(`${startCommand(port, `${node} -e "setInterval(() => {}, 1000)"`)}\n    wait_ms: 500`);
    expect(run.code).toBe(3);
    expect(run.stderr).toContain(`accepted no connection within 500 ms (server.start.wait_ms)`);
  });

  it('is for HTTP servers only: with stdio it is a config error (exit 2)', async () => {
    const run = await runWith(`  stdio: node server.js\n  start:\n    command: node server.js`);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('server.start is for an HTTP server (server.url)');
  });
});

describe('server.start tests only the server it started', () => {
  it('a url that already accepts connections is refused before the command runs: exit 3, naming the port and the pid', async () => {
    const stale = await staleServer();
    // The command would leave a file behind if it ran (in the config's folder, where it runs).
    const run = await runWith(startCommand(stale.port, `${node} -e "require('fs').writeFileSync('started', '')"`));
    expect(run.code).toBe(3);
    expect(run.stdout).toBe('');
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(`^mcpgate: server\\.start: 127\\.0\\.0\\.1:${stale.port} already accepts connections before mcpgate has started `),
    );
    expect(lines[0]).toContain('and mcpgate would test it instead of the server it starts;');
    expect(lines[0]).toContain('or choose another port in server.url and server.start.command');
    if (process.platform === 'linux') {
      expect(lines[0]).toContain(`pid ${stale.pid} (${process.execPath} ${REFERENCE_SERVER} --port 0) holds it`);
      expect(lines[0]).toContain(`stop it (kill ${stale.pid})`);
    }
    expect(existsSync(join(run.dir, 'started'))).toBe(false);
    expect(existsSync(join(run.dir, 'reports'))).toBe(false);
  });

  it('a command that fails with EADDRINUSE: exit 3 with the error line, not the end of the stack trace', async () => {
    const [url, held] = [await freePort(), await heldPort()];
    const run = await runWith(startCommand(url, `${node} -e "require('http').createServer().listen(${held}, '127.0.0.1')"`));
    expect(run.code).toBe(3);
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(
      new RegExp(
        `exited with code 1 before 127\\.0\\.0\\.1:${url} accepted a connection; its stderr says: Error: listen EADDRINUSE: address already in use 127\\.0\\.0\\.1:${held}\\n$`,
      ),
    );
  });

  it('a command whose file is missing: exit 3 with the Cannot find module line', async () => {
    const port = await freePort();
    const run = await runWith(startCommand(port, `${node} build/server.js`));
    expect(run.code).toBe(3);
    expect(run.stderr).toContain(
      `before 127.0.0.1:${port} accepted a connection; its stderr says: Error: Cannot find module '${join(run.dir, 'build/server.js')}'\n`,
    );
  });

  it('a syntax error in the server, run from another folder: exit 3 with the SyntaxError line; the command runs in the config folder', async () => {
    const port = await freePort();
    const dir = tempDir();
    mkdirSync(join(dir, 'build'));
    writeFileSync(join(dir, 'build/server.js'), 'const answer = {\n  value: 42,\n}}\n');
    writeFileSync(join(dir, 'mcpgate.yaml'), `server:\n${startCommand(port, `${node} build/server.js`)}\nreport:\n  dir: reports\n`);
    const run = await runCli(['run', '--config', join(dir, 'mcpgate.yaml')], { timeoutMs: 60_000, cwd: tempDir() });
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(
      new RegExp(
        `^mcpgate: server\\.start ".+" \\(run in ${dir}\\) exited with code 1 before 127\\.0\\.0\\.1:${port} accepted a connection; its stderr says: SyntaxError: Unexpected token '\\}'\\n$`,
      ),
    );
  });

  it('a command that exits leaving a helper behind: the whole process group is ended', async () => {
    const port = await freePort();
    const script = [
      "const { spawn } = require('child_process');",
      "const helper = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });",
      "require('fs').writeFileSync('group.pid', String(process.pid));",
      "console.error('Error: configuration missing'); process.exit(1);",
    ].join('\n');
    const run = await runWith(startCommand(port, `${node} start.js`), '', { 'start.js': script });
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('its stderr says: Error: configuration missing');
    const group = Number(readFileSync(join(run.dir, 'group.pid'), 'utf8'));
    expect(groupRunning(group)).toBe(false);
  });

  it('a server that dies during the run: exit 3 with its stderr line, one line, and no history entry', async () => {
    const port = await freePort();
    const run = await runWith(
      startCommand(port, `"${process.execPath}" "${REFERENCE_SERVER}" --port ${port} --break crash-on-wrong-param-types`),
      'chaos:\n  enabled: true\ngate:\n  baseline: auto\nhistory:\n  dir: history\n  record: true\n',
    );
    expect(run.code).toBe(3);
    expect(run.stdout).toMatch(/^UNREACHABLE: server\.start ".+" \(run in [^)]+\) exited with code 70 during the run/);
    expect(run.stdout).toContain(
      `(run in ${run.dir}) exited with code 70 during the run, so what followed was not tested; its stderr says: reference server: simulated crash on params that are not an object (exit code 3)\n`,
    );
    expect(run.stdout.split('\n')).toHaveLength(2);
    expect(existsSync(join(run.dir, 'history'))).toBe(false);
    expect(readJson<{ verdict: { exitCode: number } }>(join(run.dir, 'reports/report.json')).verdict.exitCode).toBe(3);
    expect(await portInUse(port)).toBe(false);
  });
});

describe.skipIf(process.platform !== 'linux')('a server seen dead before Node has seen its exit', () => {
  /** Waits for a state of /proc to come about, within a bound: no fixed sleep stands in for it. */
  async function until(condition: () => boolean): Promise<void> {
    const deadline = Date.now() + 10_000;
    while (!condition() && Date.now() < deadline) await new Promise((resolve) => setImmediate(resolve));
  }
  const stat = (pid: number): string => {
    try {
      return readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      return '';
    }
  };
  const stateOf = (pid: number): string | undefined => stat(pid).split(') ')[1]?.split(' ')[0];

  it('processEnded tells a zombie from a running process', async () => {
    const { processEnded } = await import('../../../src/wire/process-group.js');
    // The shell starts a child that exits on a line from stdin, then becomes `sleep`, which never reaps
    // it. The line is sent only once the exec is done, so the shell cannot have reaped it first.
    const parent = spawn('sh', ['-c', 'exec 3<&0; (read line <&3) & echo $!; exec sleep 30'], { stdio: ['pipe', 'pipe', 'ignore'] });
    cleanups.push(() => {
      parent.kill('SIGKILL');
    });
    const child = await new Promise<number>((resolve) =>
      parent.stdout.setEncoding('utf8').once('data', (line: string) => resolve(Number(line))),
    );
    await until(() => stat(parent.pid!).includes('(sleep)'));
    expect(processEnded(child)).toBe(false);
    parent.stdin.write('go\n');
    await until(() => stateOf(child) === 'Z');
    expect(stateOf(child)).toBe('Z');
    expect(processEnded(child)).toBe(true);
    expect(processEnded(parent.pid!)).toBe(false);
    expect(processEnded(process.pid)).toBe(false);
  });
});

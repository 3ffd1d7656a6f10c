/**
 * Transport failures a user can act on: https:// to a plain-HTTP port, and a stdio server that
 * dies at start, whose stderr cause (not Node's version banner) is shown, masked and escaped.
 */

import { createServer, type Server } from 'node:http';
import { afterAll, expect, it } from 'vitest';
import { stderrCause } from '../../../src/wire/stderr-cause.js';
import { runCli } from '../../helpers/cli.js';

const servers: Server[] = [];
afterAll(() => Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve)))));

it('https:// to a plain-HTTP server says the port does not speak TLS, not the OpenSSL error', async () => {
  const server = createServer((_req, res) => res.end('{}'));
  servers.push(server);
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
  );
  const run = await runCli(['check', '--url', `https://127.0.0.1:${port}/mcp`]);
  expect(run.code).toBe(3);
  const output = run.stdout + run.stderr;
  expect(output).toContain(`the server at 127.0.0.1:${port} does not speak TLS on this port; use http://`);
  expect(output).not.toMatch(/SSL routines|wrong version number|EPROTO/);
});

it('a stdio server that dies at start shows the stderr line with the cause, not the Node.js banner', async () => {
  const run = await runCli(['check', '--stdio', `"${process.execPath}" -e "require('mcpgate-no-such-module')"`]);
  expect(run.code).toBe(3);
  const output = run.stdout + run.stderr;
  expect(output).toContain("its stderr says: Error: Cannot find module 'mcpgate-no-such-module'");
  expect(output).not.toContain('Node.js v');
});

it('the cause line is masked and escaped', async () => {
  const key = 'sk-proj-abc123def456ghi789jkl012';
  const run = await runCli(['check', '--stdio', `"${process.execPath}" -e "throw new Error('bad key ${key} \\u001b[31mred')"`]);
  expect(run.code).toBe(3);
  const output = run.stdout + run.stderr;
  expect(output).toContain('its stderr says: Error: bad key ');
  expect(output).not.toContain(key);
  expect(output).not.toContain('\u001b[31m');
});

it('the cause line: the last error line of a Node crash or a Python traceback, else the last meaningful line', () => {
  const node = [
    'node:internal/modules/cjs/loader:1228',
    '  throw err;',
    '  ^',
    '',
    "Error: Cannot find module 'x'",
    'Require stack:',
    '- /app/server.js',
    '    at Module._resolveFilename (node:internal/modules/cjs/loader:1225:15) {',
    "  code: 'MODULE_NOT_FOUND',",
    "  requireStack: [ '/app/server.js' ]",
    '}',
    '',
    'Node.js v20.20.2',
  ].join('\n');
  expect(stderrCause(node)).toBe("Error: Cannot find module 'x'");
  const python = [
    'Traceback (most recent call last):',
    '  File "server.py", line 1, in <module>',
    "ModuleNotFoundError: No module named 'mcp'",
  ].join('\n');
  expect(stderrCause(python)).toBe("ModuleNotFoundError: No module named 'mcp'");
  expect(stderrCause('listening on stdio\nport 3000 already taken, giving up\n\nNode.js v20.20.2\n')).toBe(
    'port 3000 already taken, giving up',
  );
  expect(stderrCause('')).toBeUndefined();
});

it('the cause line of a start that failed is the first line naming an error; of a crash after serving, the last', () => {
  // A wrapper reports the failure again after the server's own line: the first names the cause.
  const started = [
    'node:events:497',
    "      throw er; // Unhandled 'error' event",
    '      ^',
    '',
    'Error: listen EADDRINUSE: address already in use 127.0.0.1:3000',
    '    at Server.setupListenHandle [as _listen2] (node:net:1908:16)',
    "Emitted 'error' event on Server instance at:",
    "  code: 'EADDRINUSE',",
    '}',
    '',
    'Node.js v20.20.2',
    'error: script "start" exited with code 1',
  ].join('\n');
  expect(stderrCause(started, 'first')).toBe('Error: listen EADDRINUSE: address already in use 127.0.0.1:3000');
  expect(stderrCause(started, 'last')).toBe('error: script "start" exited with code 1');
  // A server that logged an error it handled and then crashed: the last names the crash.
  const crashed =
    'Error: tool get_weather failed: no such city\nserving\nTypeError: Cannot read properties of undefined\n    at x (/app/s.js:1:1)\n';
  expect(stderrCause(crashed, 'last')).toBe('TypeError: Cannot read properties of undefined');
  expect(stderrCause(crashed, 'first')).toBe('Error: tool get_weather failed: no such city');
});

it('a line naming a well-known cause counts as an error line, not the fields of a printed error object', () => {
  const go = '2026/12/01 10:00:00 starting\n2026/12/01 10:00:00 listen tcp 127.0.0.1:3000: bind: address already in use\nexit status 1\n';
  expect(stderrCause(go, 'first')).toBe('2026/12/01 10:00:00 listen tcp 127.0.0.1:3000: bind: address already in use');
  expect(stderrCause("starting\n  code: 'ENOENT',\n  syscall: 'open'\ngiving up\n", 'first')).toBe('giving up');
});

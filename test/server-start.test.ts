/** `server.start` in mcpgate.yaml: the run starts an HTTP server, waits for its URL, ends it after; and says why when it cannot. */

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort, portInUse } from './helpers/ports.js';
import { REFERENCE_SERVER, runCli, tempDir } from './helpers/cli.js';

async function runWith(server: string): Promise<Awaited<ReturnType<typeof runCli>>> {
  const dir = tempDir();
  writeFileSync(join(dir, 'mcpgate.yaml'), `server:\n${server}\nreport:\n  dir: ${join(dir, 'reports')}\n`);
  return runCli(['run', '--config', join(dir, 'mcpgate.yaml')], { timeoutMs: 60_000 });
}

describe('server.start', () => {
  it('starts the server, checks it, and ends it: the port is free again', async () => {
    const port = await freePort();
    const command = JSON.stringify(`"${process.execPath}" "${REFERENCE_SERVER}" --port ${port}`);
    const run = await runWith(`  url: http://127.0.0.1:${port}/mcp\n  start:\n    command: ${command}`);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`target  http http://127.0.0.1:${port}/mcp`);
    expect(await portInUse(port)).toBe(false);
  });

  it('a command that exits before listening: exit 3, with the end of its stderr', async () => {
    const port = await freePort();
    const command = JSON.stringify(`"${process.execPath}" -e "console.error('Cannot find module build/server.js'); process.exit(1)"`);
    const run = await runWith(`  url: http://127.0.0.1:${port}/mcp\n  start:\n    command: ${command}`);
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/did not start the server: it exited with 1; its stderr ends: Cannot find module build\/server\.js/);
  });

  it('a server that never listens on the url: exit 3 after wait_ms, naming the key', async () => {
    const port = await freePort();
    const command = JSON.stringify(`"${process.execPath}" -e "setInterval(() => {}, 1000)"`);
    const run = await runWith(`  url: http://127.0.0.1:${port}/mcp\n  start:\n    command: ${command}\n    wait_ms: 500`);
    expect(run.code).toBe(3);
    expect(run.stderr).toContain(`accepted no connection within 500 ms (server.start.wait_ms)`);
  });

  it('is for HTTP servers only: with stdio it is a config error (exit 2)', async () => {
    const run = await runWith(`  stdio: node server.js\n  start:\n    command: node server.js`);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('server.start is for an HTTP server (server.url)');
  });
});

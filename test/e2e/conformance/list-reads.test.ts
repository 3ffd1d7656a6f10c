/**
 * A layer 0 run reads a server's tool list once for all its checks: only the checks about the list
 * itself read it again, once more on the run's connection (tools.list-order-stable and
 * tools.list-static share that read) and once on a second connection (tools.list-static). Counted by
 * a relay in front of the SDK many-tools shape, from the pages that follow a cursor: the probes that
 * only need a served request ask for a first page and stop there.
 */

import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchHttpServer, type LaunchedServer } from '../../../examples/launch.js';
import { checkTarget } from '../../helpers/conformance.js';
import { ROOT } from '../../helpers/cli.js';
import { scaledTimeout } from '../../helpers/machine-speed.js';
import { startRelay, type Relay } from '../../helpers/relay.js';

const SDK_SHAPES = join(ROOT, 'dist/test/fixtures/sdk-shapes.js');
const TOOLS = 200;
const PAGE_SIZE = 50;

let server: LaunchedServer;
let relay: Relay;
const continued: string[] = [];

beforeAll(async () => {
  server = await launchHttpServer(
    process.execPath,
    [SDK_SHAPES, '--shape', 'many-tools', '--tools', String(TOOLS), '--page-size', String(PAGE_SIZE), '--http'],
    { timeoutMs: scaledTimeout(20_000) },
  );
  relay = await startRelay(server.url, {
    onBody: (body) => {
      try {
        const message = JSON.parse(body.toString('utf8')) as { method?: unknown; params?: { cursor?: unknown } };
        if (message.method === 'tools/list' && typeof message.params?.cursor === 'string') continued.push(message.params.cursor);
      } catch {
        // A deliberately broken body is no list read.
      }
    },
  });
});

afterAll(async () => {
  await relay?.close();
  await server?.stop();
});

describe('tool list reads in a layer 0 run', () => {
  it('the whole list is read three times: once shared by every check, once more on the run connection, once on another', async () => {
    const report = await checkTarget({ kind: 'http', url: relay.url }, { concurrency: 4, eofGraceMs: 1000 });
    const status = (id: string) => report.checks.find((c) => c.id === id)?.status;
    expect([status('tools.list-order-stable'), status('tools.list-static'), status('pagination.follow')]).toEqual(['pass', 'pass', 'pass']);
    // Every full read follows (pages - 1) cursors; pagination.invalid-cursor sends one cursor of its own.
    const pages = TOOLS / PAGE_SIZE;
    const issued = continued.filter((cursor) => !cursor.startsWith('not-a-real-cursor-'));
    expect(issued).toHaveLength(3 * (pages - 1));
    expect(continued.length - issued.length).toBe(1);
  });
});

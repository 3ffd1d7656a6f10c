/**
 * A layer 0 run never has more requests in flight than --concurrency, across all its connections,
 * although work starts ahead of the checks (the MRTR subject search, the progress calls): a server
 * that serves a fixed number of requests at a time must not see more. A counting HTTP relay in front
 * of the reference server records the most requests it ever had open at once.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchHttpServer, type LaunchedServer } from '../../../examples/launch.js';
import { checkTarget } from '../../helpers/conformance.js';
import { InFlightLimit } from '../../../src/wire/in-flight.js';
import { REFERENCE_SERVER } from '../../helpers/cli.js';
import { scaledTimeout } from '../../helpers/machine-speed.js';
import { startRelay, type Relay } from '../../helpers/relay.js';

let server: LaunchedServer;
let relay: Relay;
let open = 0;
let mostOpen = 0;

beforeAll(async () => {
  server = await launchHttpServer(process.execPath, [REFERENCE_SERVER], { timeoutMs: scaledTimeout(10_000) });
  relay = await startRelay(server.url, {
    onRequest: (req, res) => {
      open++;
      mostOpen = Math.max(mostOpen, open);
      let counted = true;
      const socket = req.socket;
      const done = (): void => {
        if (counted) open--;
        counted = false;
        socket.off('end', done);
      };
      res.once('close', done);
      // A stream mcpgate closes itself (a subscription it is done with) is over at the server when its
      // end of the socket arrives, which the relay reads before its response object reports 'close'.
      socket.once('end', done);
      // Out of flight once the server has sent its last byte: the relay's own write of those bytes to
      // mcpgate may finish after mcpgate, having read them, starts its next request.
      return (answer) => answer.once('end', done);
    },
  });
});

afterAll(async () => {
  await relay?.close();
  await server?.stop();
});

describe('requests in flight during a layer 0 run', () => {
  it.each([2, 4])('stay at or below --concurrency %i, and reach it', async (concurrency) => {
    mostOpen = 0;
    const report = await checkTarget({ kind: 'http', url: relay.url }, { concurrency, eofGraceMs: 1000 });
    expect(report.verdict.exitCode).toBe(0);
    expect(mostOpen).toBeLessThanOrEqual(concurrency);
    // The run has far more parallel work than this: the bound is what held it back.
    expect(mostOpen).toBe(concurrency);
  });
});

describe('InFlightLimit', () => {
  it('runs at most max at once and hands each freed slot to the next in line', async () => {
    const limit = new InFlightLimit(3);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const releases: Array<() => void> = [];
    const jobs = Array.from({ length: 7 }, (_, index) =>
      limit.run(async () => {
        running++;
        most = Math.max(most, running);
        order.push(index);
        await new Promise<void>((resolve) => releases.push(resolve));
        running--;
        return index;
      }),
    );
    for (let step = 0; step < 7; step++) {
      for (let spin = 0; spin < 50 && releases.length === 0; spin++) await Promise.resolve();
      releases.shift()!();
      await Promise.resolve();
    }
    expect(await Promise.all(jobs)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(most).toBe(3);
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('frees the slot when the work throws', async () => {
    const limit = new InFlightLimit(1);
    await expect(limit.run(() => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await limit.run(() => Promise.resolve('next'))).toBe('next');
  });
});

/**
 * The side process of a stdio run (CheckContext.isolated): probes take turns on one server process
 * while they pass, a probe that does not pass retires it, a cold probe that is not first gets a
 * process of its own, and over HTTP the choice of connection is the probe's.
 */

import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CheckContext } from '../../../src/conformance/context.js';
import type { Connection } from '../../../src/wire/exchange.js';
import { ModernClient } from '../../../src/wire/modern-client.js';
import { connect, DEFAULT_CONNECT_OPTIONS, type Target } from '../../../src/wire/target.js';

const server = join(import.meta.dirname, '../../..', 'dist', 'examples', 'reference-server', 'main.js');
const stdio: Target = { kind: 'stdio', command: `"${process.execPath}" "${server}" --stdio` };
const opened: Connection[] = [];

async function contextFor(target: Target): Promise<CheckContext> {
  const connection = await connect(target, DEFAULT_CONNECT_OPTIONS);
  opened.push(connection);
  const client = new ModernClient(connection);
  const discover = await client.request('server/discover', {});
  return new CheckContext(target, client, { exchange: discover, result: {} }, { allowTools: new Set(), connect: DEFAULT_CONNECT_OPTIONS });
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((c) => c.close({ eofGraceMs: 2000 })));
});

/** Runs a probe that answers tools/list on the client it is given and reports the given status. */
function probe(ctx: CheckContext, status: string, options: { cold?: boolean } = {}): Promise<{ status: string; client: ModernClient }> {
  return ctx.isolated(
    async (client) => {
      const listed = await client.request('tools/list');
      expect(listed.response).toBeDefined();
      return { status, client };
    },
    { http: 'shared', ...options },
  );
}

function track(ctx: CheckContext): void {
  opened.push(...ctx.connections.slice(1));
}

describe('CheckContext.isolated over stdio', () => {
  it('hands one side process from probe to probe while they pass, concurrent probes taking turns', async () => {
    const ctx = await contextFor(stdio);
    const outcomes = await Promise.all([probe(ctx, 'pass', { cold: true }), probe(ctx, 'pass'), probe(ctx, 'pass')]);
    track(ctx);
    expect(new Set(outcomes.map((o) => o.client.connection)).size).toBe(1);
    expect(outcomes[0]!.client.connection).not.toBe(ctx.client.connection);
    // The run's own process and one side process: nothing else was started.
    expect(ctx.connections).toHaveLength(2);
  });

  it('retires the side process after a probe that does not pass, so the next probe starts a new one', async () => {
    const ctx = await contextFor(stdio);
    const failed = await probe(ctx, 'fail');
    const next = await probe(ctx, 'pass');
    const after = await probe(ctx, 'pass');
    track(ctx);
    expect(next.client.connection).not.toBe(failed.client.connection);
    expect(after.client.connection).toBe(next.client.connection);
    expect(ctx.connections).toHaveLength(3);
  });

  it('retires it when the probe throws', async () => {
    const ctx = await contextFor(stdio);
    let thrownOn: ModernClient | undefined;
    await expect(
      ctx.isolated(
        async (client) => {
          thrownOn = client;
          throw new Error('probe broke');
        },
        { http: 'shared' },
      ),
    ).rejects.toThrow('probe broke');
    const next = await probe(ctx, 'pass');
    track(ctx);
    expect(next.client).not.toBe(thrownOn);
  });

  it('gives a cold probe a process of its own once another probe has used the side process', async () => {
    const ctx = await contextFor(stdio);
    const warm = await probe(ctx, 'pass');
    const cold = await probe(ctx, 'pass', { cold: true });
    const later = await probe(ctx, 'pass');
    track(ctx);
    expect(cold.client.connection).not.toBe(warm.client.connection);
    expect(later.client.connection).toBe(warm.client.connection);
    // `clean` decides with the probe's own result.
    const kept = await ctx.isolated((client) => Promise.resolve(client), { http: 'shared', clean: () => true });
    expect(kept.connection).toBe(warm.client.connection);
  });
});

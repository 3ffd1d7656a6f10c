/**
 * The side process of a stdio run (CheckContext.isolated): probes take turns on one server process
 * while they pass, a probe that does not pass retires it, a cold probe that is not first gets a
 * process of its own, and over HTTP the choice of connection is the probe's. And the exchanges each
 * check makes are its own (CheckContext.withinCheck), on whichever of the run's clients it sends.
 */

import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CheckContext } from '../../../src/conformance/context.js';
import { isListedTool } from '../../../src/spec/tool.js';
import type { Connection, Exchange } from '../../../src/wire/exchange.js';
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
    expect(next.client.connection).not.toBe(thrownOn!.connection);
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

/** The JSON-RPC method of what an exchange sent. */
const methodOf = (exchange: Exchange): string => (JSON.parse(exchange.sent.body) as { method: string }).method;

describe('CheckContext.withinCheck', () => {
  it("records each check's exchanges for that check alone while checks run at once, on every client it uses", async () => {
    const ctx = await contextFor(stdio);
    // Each check sends one method of its own, on the run's client, on a new connection and on the side process,
    // yielding between requests so that the two checks' requests interleave on the shared connection.
    const check = (method: string) => async (own: CheckContext) => {
      for (let i = 0; i < 3; i++) await own.client.request(method);
      await (await own.newClient({ audited: false })).request(method);
      await own.isolated((client) => client.request(method), { http: 'shared' });
      await own.client.request(method);
      return method;
    };
    const [tools, prompts] = await Promise.all([ctx.withinCheck(check('tools/list')), ctx.withinCheck(check('prompts/list'))]);
    // Outside any check: recorded for neither.
    await ctx.client.request('resources/list');
    track(ctx);
    expect(tools.exchanges.map(methodOf)).toEqual(Array(6).fill('tools/list'));
    expect(prompts.exchanges.map(methodOf)).toEqual(Array(6).fill('prompts/list'));
    // The checks' views share the run's connection and its ids: no id was sent twice on it.
    const ids = ctx.client.connection.exchanges.map((e) => e.sent.awaitId).filter((id) => id !== undefined);
    expect(ids.length).toBeGreaterThanOrEqual(9);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { exchanges } of [tools, prompts]) for (const e of exchanges) expect(e.response).toHaveProperty('result');
  });

  it("gives a check's client the tools the run declared, for their Mcp-Param headers", async () => {
    const ctx = await contextFor(stdio);
    await ctx.list('tools/list');
    const { exchanges } = await ctx.withinCheck(async (own) => {
      // The context's discover result is empty here (see contextFor), so the list is read, not own.tools().
      const tool = (await own.list('tools/list')).items.filter(isListedTool).find((t) => t.name === 'get_forecast');
      expect(tool).toBeDefined();
      await own.callTool(tool!, { city: 'Paris' });
      await own.callTool(tool!, { city: 'Oslo' }, await own.newClient({ audited: false }));
    });
    track(ctx);
    expect(exchanges.map((e) => e.sent.headers?.['Mcp-Param-City'])).toEqual(['Paris', 'Oslo']);
  });
});

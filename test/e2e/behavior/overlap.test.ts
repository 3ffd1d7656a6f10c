/** `mcpgate overlap`: the lexical overlap of tool surfaces, on real servers over stdio and in memory. */

import { describe, expect, it } from 'vitest';
import { MRTR_TOOL_DEFINITIONS } from '../../../examples/reference-server/mrtr-tools.js';
import { TOOL_DEFINITIONS } from '../../../examples/reference-server/tool-definitions.js';
import { toolOverlaps } from '../../../src/models/lexical/overlap.js';
import { referenceStdio, runCli } from '../../helpers/cli.js';
import { CONFUSABLE } from '../../helpers/confusable.js';

const object = (properties: Record<string, unknown>): Record<string, unknown> => ({ type: 'object', properties });

describe('toolOverlaps', () => {
  it('ranks the pair described alike first and says what they share', () => {
    const pairs = toolOverlaps([
      { name: 'refund_order', description: 'Refund a paid order to the card.', inputSchema: object({ order_id: { type: 'string' } }) },
      { name: 'cancel_order', description: 'Cancel a paid order before it ships.', inputSchema: object({ order_id: { type: 'string' } }) },
      { name: 'get_time', description: 'Current server time.', inputSchema: object({}) },
    ]);
    expect(pairs).toHaveLength(1);
    expect(pairs[0]).toMatchObject({ tools: ['refund_order', 'cancel_order'], sharedParameters: ['order_id'] });
    expect(pairs[0]!.sharedTerms).toEqual(expect.arrayContaining(['order', 'paid']));
    expect(pairs[0]!.score).toBeGreaterThan(0.3);
    expect(pairs[0]!.score).toBeLessThan(1);
  });

  it('gives identical surfaces 1 and unrelated ones nothing', () => {
    const same = { description: 'List open tickets of a project.', inputSchema: object({ project: { type: 'string' } }) };
    const pairs = toolOverlaps([
      { name: 'tickets', ...same },
      { name: 'tickets', ...same },
      { name: 'get_time', description: 'Current server time.', inputSchema: object({}) },
    ]);
    expect(pairs.map((p) => p.score)).toEqual([1]);
  });

  it('weighs a term every tool uses below one only the pair uses', () => {
    const tool = (name: string, description: string): { name: string; description: string; inputSchema: Record<string, unknown> } => ({
      name,
      description,
      inputSchema: object({}),
    });
    const pairs = toolOverlaps([
      tool('a', 'account invoices overdue'),
      tool('b', 'account invoices archived'),
      tool('c', 'account weather'),
      tool('d', 'account forecast'),
    ]);
    expect(pairs[0]!.tools).toEqual(['a', 'b']);
    expect(pairs[0]!.sharedTerms).toEqual(['invoices', 'account']);
  });
});

describe('mcpgate overlap', () => {
  it('on the reference server ranks get_weather ~ get_forecast first, the pair the baseline confuses', async () => {
    const run = await runCli(['overlap', '--stdio', referenceStdio(), '--json']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as { tools: number; pairs: Array<{ tools: string[]; score: number; sharedParameters: string[] }> };
    // The domain tools, the MRTR demo tools and the progress tool.
    expect(out.tools).toBe(TOOL_DEFINITIONS.length + MRTR_TOOL_DEFINITIONS.length + 1);
    expect(out.pairs[0]).toMatchObject({ tools: ['get_weather', 'get_forecast'], sharedParameters: ['city', 'units'] });
    expect(out.pairs[0]!.score).toBeGreaterThan(0.5);
    expect(out.pairs.every((p, i) => p.score >= 0.25 && (i === 0 || p.score <= out.pairs[i - 1]!.score))).toBe(true);
  }, 30_000);

  it('on a server with two confusable tools lists that pair alone, and --fail-above turns it into exit 1', async () => {
    const run = await runCli(['overlap', '--stdio', CONFUSABLE]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/0\.\d\d {2}search_orders ~ find_orders/);
    expect(run.stdout).toContain('shared parameters: customer, status');
    expect(run.stdout).not.toContain('get_time');

    const gated = await runCli(['overlap', '--stdio', CONFUSABLE, '--fail-above', '0.6', '--quiet']);
    expect(gated.code).toBe(1);
    expect(gated.stdout.trim()).toBe('1 pair(s) at or above --fail-above 0.6 (exit code 1)');
    const loose = await runCli(['overlap', '--stdio', CONFUSABLE, '--fail-above', '0.95', '--quiet']);
    expect(loose.code).toBe(0);
  }, 30_000);

  it('names a missing server and a bad score (exit 2), and an unreachable one (exit 3)', async () => {
    const none = await runCli(['overlap']);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/--url .* or --stdio/);
    const bad = await runCli(['overlap', '--stdio', CONFUSABLE, '--min-score', '2']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--min-score');
    const gone = await runCli(['overlap', '--url', 'http://127.0.0.1:9/mcp', '--timeout', '2000']);
    expect(gone.code).toBe(3);
    expect(gone.stderr.split('\n').filter(Boolean)).toHaveLength(1);
  }, 30_000);
});

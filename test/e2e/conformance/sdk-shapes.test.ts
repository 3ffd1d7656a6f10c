/**
 * Correct servers of shapes other than "tools + resources + prompts", built with the official SDK v2
 * (test/fixtures/sdk-shapes.ts): resources only, prompts only, tools without annotations, and 5000
 * read-only tools at 50 per page. A MUST failure or a harness error on any of them is mcpgate
 * misjudging a correct server, unless test/fixtures/README.md records it as a deviation of the SDK.
 */

import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { launchHttpServer, type LaunchedServer } from '../../../examples/launch.js';
import type { Report } from '../../../src/report/model.js';
import type { Target } from '../../../src/wire/target.js';
import { ROOT } from '../../helpers/cli.js';
import { checkTarget } from '../../helpers/conformance.js';
import { scaledTimeout } from '../../helpers/machine-speed.js';

const SDK_SHAPES = join(ROOT, 'dist/test/fixtures/sdk-shapes.js');
const SHAPES = ['resources', 'prompts', 'tools-plain', 'many-tools'] as const;
type Shape = (typeof SHAPES)[number];
const MANY_TOOLS = 5000;

/** What the SDK's stdio serving gets wrong on every shape (test/e2e/conformance/sdk-servers.test.ts, README items 7 and 10). */
const SDK_STDIO_DEVIATIONS = ['discover.unsupported-version', 'meta.stateless'];

const servers: LaunchedServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
});

async function http(shape: Shape): Promise<Target> {
  const server = await launchHttpServer(process.execPath, [SDK_SHAPES, '--shape', shape, '--http'], {
    timeoutMs: scaledTimeout(10_000),
  });
  servers.push(server);
  return { kind: 'http', url: server.url };
}

function stdio(shape: Shape): Target {
  return { kind: 'stdio', command: `"${process.execPath}" "${SDK_SHAPES}" --shape ${shape} --stdio` };
}

/** One server and one run per shape over HTTP, shared by the tests of that shape (they only read). */
const httpTargets = new Map<Shape, Promise<Target>>();
const httpReports = new Map<Shape, Promise<Report>>();
function httpTarget(shape: Shape): Promise<Target> {
  let target = httpTargets.get(shape);
  if (!target) httpTargets.set(shape, (target = http(shape)));
  return target;
}
function httpReport(shape: Shape): Promise<Report> {
  let report = httpReports.get(shape);
  if (!report) httpReports.set(shape, (report = httpTarget(shape).then(checkTarget)));
  return report;
}

/** One tools/list over plain fetch, so that the fixture's pagination is proven without mcpgate. */
async function listTools(url: string, cursor?: string): Promise<{ result?: Record<string, unknown>; error?: { code: number } }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/list',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/list',
      params: {
        ...(cursor === undefined ? {} : { cursor }),
        _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} },
      },
    }),
  });
  return (await response.json()) as { result?: Record<string, unknown>; error?: { code: number } };
}

function withStatus(report: Report, status: string, level?: string): string[] {
  return report.checks.filter((c) => c.status === status && (level === undefined || c.level === level)).map((c) => `${c.id}: ${c.message}`);
}

function checkOf(report: Report, id: string): Report['checks'][number] {
  const found = report.checks.find((c) => c.id === id);
  if (!found) throw new Error(`no check ${id} in the report`);
  return found;
}

/** Checks of an area the server does not serve, and what they said unless it was a skip naming the capability. */
function notSkippedForCapability(report: Report, area: string, capability: string): string[] {
  return report.checks
    .filter((c) => c.id.startsWith(`${area}.`))
    .filter((c) => c.status !== 'skip' || !c.message.includes(`the ${capability} capability`))
    .map((c) => `${c.id} ${c.status}: ${c.message}`);
}

describe('SDK v2 servers of other shapes, over HTTP', () => {
  for (const shape of SHAPES) {
    it(`${shape}: a modern server with no MUST failure and no harness error`, async () => {
      const report = await httpReport(shape);
      expect.soft(report.target.era).toBe('modern');
      expect.soft(withStatus(report, 'fail', 'MUST')).toEqual([]);
      expect.soft(withStatus(report, 'error')).toEqual([]);
    });
  }

  it('resources: every tools and prompts check skips, naming the capability the server does not declare', async () => {
    const report = await httpReport('resources');
    expect(report.target.serverInfo?.name).toBe('mcpgate-sdk-shape-resources');
    expect.soft(notSkippedForCapability(report, 'tools', 'tools')).toEqual([]);
    expect.soft(notSkippedForCapability(report, 'prompts', 'prompts')).toEqual([]);
    // The template's list callback adds notes://1-3 to the three static resources.
    expect.soft(checkOf(report, 'resources.list').message).toBe('resources/list listed 6 item(s) over 1 page(s)');
    expect.soft(checkOf(report, 'resources.templates-list').message).toBe('resources/templates/list listed 1 item(s) over 1 page(s)');
    expect.soft(checkOf(report, 'resources.read').status).toBe('pass');
    expect.soft(checkOf(report, 'resources.not-found').status).toBe('pass');
  });

  it('prompts: the prompt checks pass; every tools and resources check skips, naming the missing capability', async () => {
    const report = await httpReport('prompts');
    expect.soft(checkOf(report, 'prompts.list').message).toBe('prompts/list listed 3 item(s) over 1 page(s)');
    expect.soft(checkOf(report, 'prompts.get').status).toBe('pass');
    expect.soft(checkOf(report, 'prompts.not-found').status).toBe('pass');
    expect.soft(notSkippedForCapability(report, 'tools', 'tools')).toEqual([]);
    expect.soft(notSkippedForCapability(report, 'resources', 'resources')).toEqual([]);
  });

  it('tools-plain: no tool is called, since none is annotated read-only, and the checks that need a call say so', async () => {
    const report = await httpReport('tools-plain');
    const structured = checkOf(report, 'tools.call-structured-content');
    expect.soft(structured.status).toBe('skip');
    // The reason leads: nothing may be called, not that no tool has an outputSchema (count_words has one).
    expect.soft(structured.message).toMatch(/^no tool may be called: none of the 5 listed is annotated readOnlyHint: true/);
    expect.soft(checkOf(report, 'tools.input-validation').message).toMatch(/^no tool may be called/);
    expect.soft(checkOf(report, 'tools.input-schema-valid').message).toMatch(/^5 inputSchemas compile/);
    expect.soft(checkOf(report, 'tools.output-schema-valid').status).toBe('pass');
  });

  it('the coverage line counts what each shape exercised and why the rest was not', async () => {
    const [resources, prompts, plain, many] = (await Promise.all(SHAPES.map(httpReport))) as [Report, Report, Report, Report];
    expect(plain.coverage?.tools).toEqual({
      listed: 5,
      called: 0,
      notCalled: [{ reason: 'not-annotated', count: 5, names: expect.arrayContaining(['count_words']) as unknown as string[] }],
    });
    expect(plain.coverage?.widen).toMatch(/check\.calls in mcpgate\.yaml, or pass --allow-tool NAME/);
    // Every listed resource is read once (MRTR candidates), and the notes://{id} template through a listed note.
    expect(resources.coverage).toMatchObject({
      tools: { listed: 0, called: 0 },
      resources: { listed: 6, read: 6 },
      resourceTemplates: { listed: 1, read: 1 },
    });
    expect(prompts.coverage?.prompts).toEqual({ listed: 3, got: 3 });
    // 5000 read-only tools: 20 planned calls, the rest past --max-calls, and the cap says which flag raises it.
    const cap = many.coverage?.tools.notCalled.find((n) => n.reason === 'cap');
    expect(many.coverage?.tools.listed).toBe(MANY_TOOLS);
    expect(cap?.count).toBeGreaterThan(MANY_TOOLS - 30);
    expect(many.coverage?.capped.join(' ')).toMatch(/past --max-calls .*raise it with --max-calls/);
  });

  it(`many-tools itself: ${MANY_TOOLS} distinct tools in 100 pages of 50, stable cursors, -32602 for a cursor it did not issue`, async () => {
    const target = await httpTarget('many-tools');
    if (target.kind !== 'http') throw new Error('not an HTTP target');
    const names: string[] = [];
    const cursors: string[] = [];
    const cacheFields = new Set<string>();
    let cursor: string | undefined;
    for (let page = 0; page < 200; page++) {
      const { result } = await listTools(target.url, cursor);
      if (!result) throw new Error(`page ${page + 1} got no result`);
      names.push(...(result.tools as Array<{ name: string }>).map((t) => t.name));
      cacheFields.add(JSON.stringify([result.resultType, result.ttlMs, result.cacheScope]));
      cursor = result.nextCursor as string | undefined;
      if (cursor === undefined) break;
      cursors.push(cursor);
    }
    expect(cursor).toBeUndefined();
    expect(cursors.length).toBe(99);
    expect(new Set(names).size).toBe(MANY_TOOLS);
    expect(names).toEqual([...names].sort());
    expect([...cacheFields]).toEqual(['["complete",0,"private"]']);
    const again = await listTools(target.url, cursors[41]);
    expect((again.result?.tools as Array<{ name: string }>)[0]?.name).toBe(names[42 * 50]);
    expect(again.result?.nextCursor).toBe(cursors[42]);
    for (const bad of ['not-a-cursor', '', `${cursors[0]}x`]) expect((await listTools(target.url, bad)).error?.code, bad).toBe(-32602);
  });

  it(`many-tools: all ${MANY_TOOLS} tools over 100 pages are read, or the report names the mcpgate cap it reached`, async () => {
    const report = await httpReport('many-tools');
    const follow = checkOf(report, 'pagination.follow');
    expect.soft(follow.status, `${follow.id}: ${follow.message}`).not.toBe('fail');
    // Either every tool was seen, or the message says which cap stopped the read.
    const counted = new RegExp(`^${MANY_TOOLS} |mcpgate's cap`);
    for (const id of ['tools.list-order-stable', 'tools.input-schema-valid']) expect.soft(checkOf(report, id).message, id).toMatch(counted);
    // Tools 0, 1000, …, 4000 declare an outputSchema and require their argument; all are read-only.
    const structured = checkOf(report, 'tools.call-structured-content');
    expect
      .soft([structured.status, structured.message])
      .toEqual(['pass', '5 tool call(s) returned structuredContent valid against the outputSchema']);
    expect.soft(checkOf(report, 'tools.input-validation').status).toBe('pass');
    expect.soft(checkOf(report, 'pagination.invalid-cursor').status).toBe('pass');
  });
});

describe('SDK v2 servers of other shapes, over stdio', () => {
  it('resources: the only MUST failures are the SDK stdio deviations already documented', async () => {
    const report = await checkTarget(stdio('resources'));
    expect(report.target.era).toBe('modern');
    const mustFailures = report.checks.filter((c) => c.level === 'MUST' && c.status === 'fail');
    const undocumented = mustFailures.filter((c) => !SDK_STDIO_DEVIATIONS.includes(c.id)).map((c) => `${c.id}: ${c.message}`);
    expect(undocumented).toEqual([]);
    expect(withStatus(report, 'error')).toEqual([]);
  });
});

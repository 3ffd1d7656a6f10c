/**
 * OpenTelemetry end to end against a real OTLP/HTTP receiver on 127.0.0.1 that decodes what it gets:
 * mcpgate's GenAI and MCP spans, W3C trace context carried in `_meta`, and the server's spans joining
 * the trace. Plus the layer 0 trace-context check and the protobuf decoder.
 */

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { decodeProtobufTraces } from '../../../src/telemetry/otlp-decode.js';
import { startOtlpReceiver, type OtlpReceiver } from '../../../src/telemetry/otlp-receiver.js';
import { referenceStdio, runCli, tempDir } from '../../helpers/cli.js';
import { closedPortUrl } from '../../helpers/fake-servers.js';

let receiver: OtlpReceiver | undefined;
afterEach(async () => receiver?.close());

function goldenFile(): string {
  const file = join(tempDir(), 'tasks.yaml');
  writeFileSync(file, '- id: weather\n  prompt: "What\'s the weather in Paris?"\n  expect_tool: get_weather\n');
  return file;
}

describe('spans of an eval run', () => {
  it('follow the GenAI and MCP conventions, and the server joins the trace through _meta', async () => {
    receiver = await startOtlpReceiver();
    const run = await runCli(
      [
        'eval',
        '--stdio',
        referenceStdio(),
        '--golden',
        goldenFile(),
        '--model',
        'baseline',
        '--runs',
        '1',
        '--env',
        'OTEL_EXPORTER_OTLP_ENDPOINT',
      ],
      {
        env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint },
      },
    );
    expect(run.code).toBe(0);
    const serverSpan = await receiver.waitFor(
      (s) => s.serviceName === 'mcpgate-reference-server' && s.name === 'tools/call get_weather',
      5_000,
    );
    const ours = receiver.spans.filter((s) => s.serviceName === 'mcpgate');
    const sample = ours.find((s) => s.name === 'invoke_agent mcpgate-eval')!;
    const chat = ours.find((s) => s.name.startsWith('chat '))!;
    const tool = ours.find((s) => s.name === 'execute_tool get_weather')!;
    const request = ours.find((s) => s.name === 'tools/call get_weather')!;
    expect(sample.attributes['gen_ai.operation.name']).toBe('invoke_agent');
    expect(chat.attributes).toMatchObject({ 'gen_ai.operation.name': 'chat', 'gen_ai.request.model': 'baseline' });
    expect(tool.attributes).toMatchObject({ 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': 'get_weather' });
    expect(request.attributes).toMatchObject({
      'mcp.method.name': 'tools/call',
      'gen_ai.tool.name': 'get_weather',
      'network.transport': 'pipe',
    });
    expect(request.kind).toBe(3); // CLIENT
    expect(new Set([sample.traceId, chat.traceId, tool.traceId, request.traceId]).size).toBe(1);
    expect(request.parentSpanId).toBe(tool.spanId);
    expect(tool.parentSpanId).toBe(sample.spanId);
    expect(serverSpan).toBeDefined();
    expect(serverSpan!.traceId).toBe(request.traceId);
    expect(serverSpan!.parentSpanId).toBe(request.spanId);
    expect(serverSpan!.kind).toBe(2); // SERVER
  });

  it('an unreachable collector costs one warning, not the run', async () => {
    const endpoint = (await closedPortUrl()).replace(/\/mcp$/, '');
    const run = await runCli(['eval', '--stdio', referenceStdio(), '--golden', goldenFile(), '--model', 'baseline', '--runs', '2'], {
      env: { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint },
    });
    expect(run.code).toBe(0);
    expect(run.stderr.match(/spans could not be exported/g)?.length).toBe(1);
    expect(run.durationMs).toBeLessThan(15_000);
  });
});

describe('telemetry.trace-context (layer 0, --otlp-receiver)', () => {
  it('passes when the server joins the trace', async () => {
    const run = await runCli(['check', '--stdio', referenceStdio(), '--otlp-receiver']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/✓ telemetry\.trace-context/);
  });

  it('warns when the server exports spans in a trace of its own', async () => {
    const run = await runCli(['check', '--stdio', referenceStdio('--break ignores-trace-context'), '--otlp-receiver']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/! telemetry\.trace-context/);
    expect(run.stdout).toMatch(/none in the trace given by traceparent/);
    // The server's span names the request id, so the check decides at once instead of waiting --timeout.
    expect(run.stdout).toMatch(/its span for this request \(id [^)]+\) is in trace\s+[0-9a-f]{32}/);
  });

  it('fails under --strict for the same server', async () => {
    const run = await runCli(['check', '--stdio', referenceStdio('--break ignores-trace-context'), '--otlp-receiver', '--strict']);
    expect(run.code).toBe(1);
  });
});

describe('the OTLP receiver of --otlp-receiver', () => {
  it('keeps at most its cap of spans, counts the rest, and still finds a span that joins past the cap', async () => {
    const local = await startOtlpReceiver(0, { maxSpans: 3 });
    try {
      const body = (names: string[]) =>
        JSON.stringify({
          resourceSpans: [{ scopeSpans: [{ spans: names.map((name) => ({ name, traceId: '0'.repeat(32), spanId: '1'.repeat(16) })) }] }],
        });
      const post = (names: string[]) =>
        fetch(`${local.endpoint}/v1/traces`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: body(names) });
      expect((await post(['a', 'b'])).status).toBe(200);
      const joined = local.waitFor((span) => span.name === 'late', 5_000);
      expect((await post(['c', 'd', 'late'])).status).toBe(200);
      expect(local.spans.map((s) => s.name)).toEqual(['a', 'b', 'c']);
      expect(local.droppedSpans).toBe(2);
      expect((await joined)?.name).toBe('late');
    } finally {
      await local.close();
    }
  });
});

describe('OTLP protobuf decoding', () => {
  function field(number: number, wire: number, payload: Buffer): Buffer {
    const key = Buffer.from([(number << 3) | wire]);
    return wire === 2 ? Buffer.concat([key, Buffer.from([payload.length]), payload]) : Buffer.concat([key, payload]);
  }
  const str = (n: number, s: string): Buffer => field(n, 2, Buffer.from(s));

  it('reads trace id, span id, parent, name, kind and service name', () => {
    const traceId = Buffer.from('0af7651916cd43dd8448eb211c80319c', 'hex');
    const span = Buffer.concat([
      field(1, 2, traceId),
      field(2, 2, Buffer.from('b7ad6b7169203331', 'hex')),
      field(4, 2, Buffer.from('00f067aa0ba902b7', 'hex')),
      str(5, 'tools/list'),
      field(6, 0, Buffer.from([2])),
    ]);
    const serviceAttr = field(1, 2, Buffer.concat([str(1, 'service.name'), field(2, 2, str(1, 'srv'))]));
    const resourceSpans = Buffer.concat([field(1, 2, serviceAttr), field(2, 2, field(2, 2, span))]);
    const spans = decodeProtobufTraces(field(1, 2, resourceSpans));
    expect(spans).toEqual([
      {
        traceId: '0af7651916cd43dd8448eb211c80319c',
        spanId: 'b7ad6b7169203331',
        parentSpanId: '00f067aa0ba902b7',
        name: 'tools/list',
        kind: 2,
        serviceName: 'srv',
        attributes: {},
      },
    ]);
  });

  it('rejects a truncated body instead of inventing spans', () => {
    expect(() => decodeProtobufTraces(Buffer.from([0x0a, 0x10, 0x01]))).toThrow(/truncated/);
  });
});

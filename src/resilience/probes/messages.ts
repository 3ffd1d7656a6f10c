/** Probes of the message layer: text that is not JSON, a batch array, bytes that are not UTF-8. */

import { ErrorCode } from '../../spec/protocol.js';
import { evidenceOf } from '../../conformance/evidence.js';
import { isResponse, sameId } from '../../wire/jsonrpc.js';
import { grade, outcomeOf } from './judge.js';
import { defineProbes, probeId } from './probe.js';

/** On stdio nothing but the next response can answer an unreadable line. */
const anyResponse = (message: unknown): boolean => isResponse(message);

export const messageProbes = defineProbes([
  {
    id: 'robust.malformed-json',
    title: 'a body that is not valid JSON gets -32700 and the server keeps serving',
    level: 'MUST',
    spec: 'basic/index#error-codes',
    async run(ctx) {
      const valid = ctx.requestText(probeId('malformed'), ctx.healthMethod);
      // A request cut in half: what a client that died mid-write leaves behind.
      const body = valid.slice(0, Math.floor(valid.length / 2));
      const exchange = await ctx.sendMalformed({ body, method: ctx.healthMethod, endWhen: anyResponse });
      const graded = grade(exchange, { codes: [ErrorCode.ParseError] });
      const evidence = [evidenceOf(exchange, 'JSON-RPC error -32700 (Parse error), with HTTP 400 on HTTP', 'truncated JSON')];
      return outcomeOf(
        graded.grade,
        `truncated JSON: ${graded.seen}`,
        evidence,
        'answer text that does not parse with JSON-RPC error -32700 and id null, and keep serving',
      );
    },
  },
  {
    id: 'robust.batch',
    title: 'a JSON-RPC batch array is refused (or answered per item) without a crash or a hang',
    level: 'MUST',
    spec: 'basic/transports/streamable-http',
    async run(ctx) {
      const ids = [probeId('batch'), probeId('batch')];
      const body = `[${ids.map((id) => ctx.requestText(id, ctx.healthMethod)).join(',')}]`;
      const answersItem = (message: unknown): boolean =>
        isResponse(message) && ids.some((id) => sameId((message as { id?: unknown }).id, id));
      const exchange = await ctx.sendMalformed({
        body,
        method: ctx.healthMethod,
        endWhen: (m) => Array.isArray(m) || isResponse(m),
      });
      const evidence = [
        evidenceOf(
          exchange,
          'JSON-RPC error -32600 or an HTTP 4xx (2026-07-28 allows no batches), or one answer per item',
          'batch of two requests',
        ),
      ];
      // Processing each item is a legacy behaviour, not a fault: the rule is only "no crash, no hang".
      if (exchange.messages.some(answersItem))
        return outcomeOf('right', `batch answered per item (${exchange.messages.length} message(s))`, evidence, '');
      const graded = grade(exchange, { codes: [ErrorCode.InvalidRequest], statuses: '4xx' });
      return outcomeOf(
        graded.grade,
        `batch: ${graded.seen}`,
        evidence,
        'refuse a batch array with JSON-RPC error -32600 (HTTP 400), never leave it unanswered',
      );
    },
  },
  {
    id: 'robust.invalid-utf8',
    title: 'invalid UTF-8 inside a JSON string is refused cleanly',
    level: 'MUST',
    spec: 'basic/transports',
    async run(ctx) {
      // The bytes sit in the name of a tool that does not exist, so even a server that decodes them
      // leniently (as U+FFFD) calls nothing: it can only answer "unknown tool".
      const prefix = 'mcpgate_no_such_tool_';
      const request = ctx.requestText(probeId('utf8'), 'tools/call', { name: `${prefix}@@`, arguments: {} });
      const [head, tail] = request.split('@@') as [string, string];
      const bytes = Buffer.concat([Buffer.from(head), Buffer.from([0xc3, 0x28]), Buffer.from(tail)]);
      const exchange = await ctx.sendMalformed({
        body: bytes,
        shown: `${head}\\xC3\\x28${tail}  (raw bytes C3 28: a UTF-8 lead byte without its continuation)`,
        method: 'tools/call',
        name: `${prefix}\uFFFD(`,
        endWhen: anyResponse,
      });
      const graded = grade(exchange, {
        codes: [ErrorCode.ParseError, ErrorCode.InvalidRequest, ErrorCode.InvalidParams],
        isErrorResult: true,
        statuses: [400],
      });
      const evidence = [
        evidenceOf(exchange, 'JSON-RPC error -32700 or -32600 or HTTP 400; -32602 (unknown tool) when decoded leniently', 'invalid UTF-8'),
      ];
      return outcomeOf(
        graded.grade,
        `invalid UTF-8: ${graded.seen}`,
        evidence,
        'reject bodies that are not UTF-8 with -32700 (HTTP 400), or decode them leniently; never fail on them',
      );
    },
  },
]);

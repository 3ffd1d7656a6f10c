/**
 * Decodes OTLP trace exports (ExportTraceServiceRequest) in both encodings servers use: JSON
 * (ids as hex) and protobuf (ids as bytes). Only what a trace-context check needs is read: trace id,
 * span id, parent span id, name, kind and the service name. The protobuf reader is a minimal wire
 * format decoder, so no schema compiler is needed.
 */

import { parseServerJson } from '../wire/server-json.js';

export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  kind: number;
  serviceName?: string;
  attributes: Record<string, string | number | boolean>;
}

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');

// ---- JSON ------------------------------------------------------------------------------------

function attributeValue(value: Record<string, unknown> | undefined): string | number | boolean | undefined {
  if (!value) return undefined;
  if (typeof value.stringValue === 'string') return value.stringValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (typeof value.doubleValue === 'number') return value.doubleValue;
  if (typeof value.boolValue === 'boolean') return value.boolValue;
  return undefined;
}

function attributes(list: unknown): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const kv of Array.isArray(list) ? list : []) {
    const value = attributeValue((kv as { value?: Record<string, unknown> }).value);
    if (typeof (kv as { key?: unknown }).key === 'string' && value !== undefined) out[(kv as { key: string }).key] = value;
  }
  return out;
}

/** JSON ids are hex by the spec, but some exporters send base64: accept both. */
function jsonId(value: unknown, bytes: number): string {
  if (typeof value !== 'string' || value === '') return '';
  if (value.length === bytes * 2 && /^[0-9a-f]+$/i.test(value)) return value.toLowerCase();
  return Buffer.from(value, 'base64').toString('hex');
}

export function decodeJsonTraces(body: string): ReceivedSpan[] {
  // The server's exporter sent it: depth-capped like every other read of a server's bytes.
  const parsed = parseServerJson(body);
  if (!parsed.ok) throw new Error(parsed.reason === 'too-deep' ? parsed.message : 'the OTLP body is not JSON');
  const data = parsed.value as { resourceSpans?: unknown[] };
  const spans: ReceivedSpan[] = [];
  for (const rs of data.resourceSpans ?? []) {
    const resource = attributes((rs as { resource?: { attributes?: unknown } }).resource?.attributes);
    for (const ss of (rs as { scopeSpans?: unknown[] }).scopeSpans ?? []) {
      for (const s of (ss as { spans?: unknown[] }).spans ?? []) {
        const span = s as Record<string, unknown>;
        spans.push({
          traceId: jsonId(span.traceId, 16),
          spanId: jsonId(span.spanId, 8),
          parentSpanId: jsonId(span.parentSpanId, 8),
          name: String(span.name ?? ''),
          kind: Number(span.kind ?? 0),
          serviceName: typeof resource['service.name'] === 'string' ? resource['service.name'] : undefined,
          attributes: attributes(span.attributes),
        });
      }
    }
  }
  return spans;
}

// ---- protobuf --------------------------------------------------------------------------------

interface Field {
  number: number;
  wire: number;
  value: bigint | Uint8Array;
}

function* fields(buf: Uint8Array): Generator<Field> {
  let pos = 0;
  const varint = (): bigint => {
    let result = 0n;
    let shift = 0n;
    for (;;) {
      if (pos >= buf.length) throw new Error('truncated varint');
      const byte = buf[pos++]!;
      result |= BigInt(byte & 0x7f) << shift;
      if ((byte & 0x80) === 0) return result;
      shift += 7n;
    }
  };
  while (pos < buf.length) {
    const key = Number(varint());
    const wire = key & 7;
    const number = key >>> 3;
    if (wire === 0) yield { number, wire, value: varint() };
    else if (wire === 2) {
      const length = Number(varint());
      if (pos + length > buf.length) throw new Error('truncated field');
      yield { number, wire, value: buf.subarray(pos, pos + length) };
      pos += length;
    } else if (wire === 1) {
      yield { number, wire, value: buf.subarray(pos, pos + 8) };
      pos += 8;
    } else if (wire === 5) {
      yield { number, wire, value: buf.subarray(pos, pos + 4) };
      pos += 4;
    } else throw new Error(`unsupported wire type ${wire}`);
  }
}

const text = (v: bigint | Uint8Array): string => (v instanceof Uint8Array ? Buffer.from(v).toString('utf8') : '');

function protoKeyValue(buf: Uint8Array): [string, string | number | boolean] | undefined {
  let key = '';
  let value: string | number | boolean | undefined;
  for (const f of fields(buf)) {
    if (f.number === 1) key = text(f.value);
    if (f.number === 2 && f.value instanceof Uint8Array) {
      for (const v of fields(f.value)) {
        if (v.number === 1) value = text(v.value);
        else if (v.number === 2) value = v.value === 1n;
        else if (v.number === 3 && typeof v.value === 'bigint') value = Number(v.value);
        else if (v.number === 4 && v.value instanceof Uint8Array) value = Buffer.from(v.value).readDoubleLE(0);
      }
    }
  }
  return key && value !== undefined ? [key, value] : undefined;
}

function protoSpan(buf: Uint8Array, serviceName: string | undefined): ReceivedSpan {
  const span: ReceivedSpan = { traceId: '', spanId: '', parentSpanId: '', name: '', kind: 0, serviceName, attributes: {} };
  for (const f of fields(buf)) {
    if (f.number === 1 && f.value instanceof Uint8Array) span.traceId = hex(f.value);
    else if (f.number === 2 && f.value instanceof Uint8Array) span.spanId = hex(f.value);
    else if (f.number === 4 && f.value instanceof Uint8Array) span.parentSpanId = hex(f.value);
    else if (f.number === 5) span.name = text(f.value);
    else if (f.number === 6 && typeof f.value === 'bigint') span.kind = Number(f.value);
    else if (f.number === 9 && f.value instanceof Uint8Array) {
      const kv = protoKeyValue(f.value);
      if (kv) span.attributes[kv[0]] = kv[1];
    }
  }
  return span;
}

export function decodeProtobufTraces(body: Uint8Array): ReceivedSpan[] {
  const spans: ReceivedSpan[] = [];
  for (const rs of fields(body)) {
    if (rs.number !== 1 || !(rs.value instanceof Uint8Array)) continue;
    let serviceName: string | undefined;
    const scopeSpans: Uint8Array[] = [];
    for (const f of fields(rs.value)) {
      if (f.number === 1 && f.value instanceof Uint8Array) {
        for (const a of fields(f.value)) {
          const kv = a.number === 1 && a.value instanceof Uint8Array ? protoKeyValue(a.value) : undefined;
          if (kv?.[0] === 'service.name' && typeof kv[1] === 'string') serviceName = kv[1];
        }
      } else if (f.number === 2 && f.value instanceof Uint8Array) scopeSpans.push(f.value);
    }
    for (const ss of scopeSpans) {
      for (const f of fields(ss)) if (f.number === 2 && f.value instanceof Uint8Array) spans.push(protoSpan(f.value, serviceName));
    }
  }
  return spans;
}

/**
 * Streamable HTTP header validation. The headers mirror body fields so that proxies and gateways
 * can route without parsing JSON; a server that does not hold them equal to the body lets the two
 * disagree, so every mismatch is -32020 with HTTP 400. Header names arrive lower-cased from
 * node:http, which is what makes the name comparison case-insensitive.
 */

import { PARAM_HEADER_PREFIX, argumentAt, paramHeadersOf } from '../../src/spec/param-headers.js';
import { ErrorCode, HEADERS, NAME_HEADER_SOURCE } from '../../src/spec/protocol.js';
import { isBroken, type ServerConfig } from './config.js';
import { RpcFailure, type JsonObject } from './jsonrpc.js';

export type HeaderMap = Readonly<Record<string, string | undefined>>;

const BASE64_VALUE = /^=\?base64\?([A-Za-z0-9+/]*={0,2})\?=$/;

export function checkHeaders(headers: HeaderMap, method: string, params: JsonObject, version: string, config: ServerConfig): void {
  if (!isBroken(config, 'no-method-header-check')) expectHeader(headers, HEADERS.method, method, 'the body method');
  if (!isBroken(config, 'protocol-header-ignored')) {
    expectHeader(headers, HEADERS.protocolVersion, version, 'params._meta protocolVersion');
  }
  const source = NAME_HEADER_SOURCE[method];
  const expectedName = source === undefined ? undefined : params[source];
  // A body without the name/uri is malformed; the method itself reports that as -32602.
  if (source !== undefined && typeof expectedName === 'string' && !isBroken(config, 'no-name-header-check')) {
    // no-base64-name compares the encoded form itself, so any =?base64?…?= name mismatches.
    expectHeader(headers, HEADERS.name, expectedName, `params.${source}`, !isBroken(config, 'no-base64-name'), {
      ignoreCase: isBroken(config, 'name-header-case-insensitive'),
    });
  }
}

function expectHeader(
  headers: HeaderMap,
  name: string,
  expected: string,
  source: string,
  decode = true,
  options: { ignoreCase?: boolean } = {},
): void {
  const raw = headers[name.toLowerCase()];
  if (raw === undefined) {
    throw mismatch(`Missing ${name} header; it must equal ${source} (${JSON.stringify(expected)})`);
  }
  const value = decode ? decodeHeaderValue(raw) : raw;
  const same = options.ignoreCase ? value.toLowerCase() === expected.toLowerCase() : value === expected;
  if (!same) {
    throw mismatch(`${name} header ${JSON.stringify(raw)} does not match ${source} ${JSON.stringify(expected)}`);
  }
}

/**
 * The Mcp-Param-* headers of a tools/call: every x-mcp-header parameter whose argument is present
 * (and not null) must arrive in its header with the same value, integers compared as numbers.
 */
export function checkParamHeaders(headers: HeaderMap, inputSchema: unknown, args: JsonObject): void {
  for (const { header, path } of paramHeadersOf(inputSchema)) {
    const value = argumentAt(args, path);
    if (value === undefined || value === null) continue;
    const name = `${PARAM_HEADER_PREFIX}${header}`;
    const raw = headers[name.toLowerCase()];
    const argument = path.join('.');
    if (raw === undefined) throw mismatch(`Missing ${name} header; it must carry the argument ${argument} (${JSON.stringify(value)})`);
    const decoded = decodeHeaderValue(raw.trim());
    const same = typeof value === 'number' ? decoded.trim() !== '' && Number(decoded) === value : decoded === String(value);
    if (!same) throw mismatch(`${name} header ${JSON.stringify(raw)} does not match the argument ${argument} ${JSON.stringify(value)}`);
  }
}

/** Values that are not plain visible ASCII travel as =?base64?<UTF-8 base64>?= and compare decoded. */
function decodeHeaderValue(value: string): string {
  const encoded = BASE64_VALUE.exec(value)?.[1];
  return encoded === undefined ? value : Buffer.from(encoded, 'base64').toString('utf8');
}

function mismatch(message: string): RpcFailure {
  return new RpcFailure(ErrorCode.HeaderMismatch, message, undefined, 400);
}

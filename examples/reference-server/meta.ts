/**
 * Per-request `_meta` validation. The revision is stateless, so every request must say which
 * version it speaks and which client capabilities it declares; nothing is remembered from earlier
 * traffic. Missing fields come first, then the headers (they must agree with the body whatever it
 * says), then whether the version is one this server serves: a header and a body that disagree are
 * -32020 even when the body names a version nobody serves.
 */

import { ErrorCode, META, PROTOCOL_VERSION } from '../../src/spec/protocol.js';
import { isBroken, type ServerConfig } from './config.js';
import { RpcFailure, isObject, type JsonObject } from './jsonrpc.js';

export const SUPPORTED_VERSIONS = [PROTOCOL_VERSION];

/** Returns the protocol version the request names, after checking that the required fields are there. */
export function checkRequestMeta(params: unknown, config: ServerConfig): string {
  const meta = isObject(params) && isObject(params._meta) ? params._meta : undefined;
  const version = meta?.[META.protocolVersion];
  if (!isBroken(config, 'meta-not-required')) requireMetaFields(params, meta);
  if (meta && isBroken(config, 'client-info-required') && !isObject(meta[META.clientInfo])) {
    throw invalidMeta(`params._meta["${META.clientInfo}"] is required by this server`);
  }
  if (meta && isBroken(config, 'traceparent-rejected') && 'traceparent' in meta) {
    throw invalidMeta('params._meta.traceparent is not accepted by this server');
  }
  return typeof version === 'string' ? version : PROTOCOL_VERSION;
}

/** Refuses a version this server does not serve with -32022, naming the ones it does. */
export function checkVersionServed(requested: string, config: ServerConfig): void {
  if (!SUPPORTED_VERSIONS.includes(requested)) {
    const data = isBroken(config, 'unsupported-version-no-data') ? undefined : { supported: SUPPORTED_VERSIONS, requested };
    throw new RpcFailure(
      ErrorCode.UnsupportedProtocolVersion,
      `Unsupported protocol version "${requested}"; this server supports ${SUPPORTED_VERSIONS.join(', ')}`,
      data,
      400,
    );
  }
}

function requireMetaFields(params: unknown, meta: JsonObject | undefined): void {
  if (!isObject(params)) throw invalidMeta('params is required and must be an object carrying _meta');
  if (!meta) throw invalidMeta('params._meta is required and must be an object');
  if (typeof meta[META.protocolVersion] !== 'string') {
    throw invalidMeta(`params._meta["${META.protocolVersion}"] is required and must be a string`);
  }
  if (!isObject(meta[META.clientCapabilities])) {
    throw invalidMeta(`params._meta["${META.clientCapabilities}"] is required and must be an object ({} declares none)`);
  }
}

function invalidMeta(message: string): RpcFailure {
  return new RpcFailure(ErrorCode.InvalidParams, message, undefined, 400);
}

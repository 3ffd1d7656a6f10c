/**
 * `requestState` of multi round-trip requests (basic/patterns/mrtr). The client hands it back
 * verbatim, so it is attacker-controlled input: the payload is signed with HMAC-SHA256 under a key
 * made fresh for each process, and bound to the method, its target (tool, prompt or resource URI)
 * and its arguments. A state signed for one call cannot finish another. Nothing is kept in memory,
 * so a retry on any connection to this process verifies the same way (over stdio a new process has
 * a new key, as it should).
 */

import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ErrorCode } from '../../src/spec/protocol.js';
import { isBroken, type ServerConfig } from './config.js';
import { RpcFailure, isObject, type JsonObject } from './jsonrpc.js';

const KEY = randomBytes(32);

export interface StatePayload {
  /** The round whose input requests this state went out with. */
  round: number;
  /** What earlier rounds were answered with, by input request key. */
  answers: Record<string, string>;
}

export interface StateBinding {
  method: string;
  /** The tool or prompt name, or the resource URI. */
  target: string;
  args: JsonObject;
  /** Which connection the request came over; only mrtr-connection-bound looks at it. */
  connection: string;
}

interface SealedPayload extends StatePayload {
  binding: string;
  connection?: string;
}

export function sealState(payload: StatePayload, binding: StateBinding, config: ServerConfig): string {
  const sealed: SealedPayload = { ...payload, binding: bindingDigest(binding) };
  if (isBroken(config, 'mrtr-connection-bound')) sealed.connection = binding.connection;
  const body = Buffer.from(JSON.stringify(sealed), 'utf8').toString('base64url');
  return `${body}.${mac(body)}`;
}

/** The payload of a state this process sealed for exactly this call, or a -32602 naming why not. */
export function openState(state: unknown, binding: StateBinding, config: ServerConfig): StatePayload {
  if (typeof state !== 'string') throw rejected('requestState must be a string');
  const [body = '', signature = '', ...rest] = state.split('.');
  // The signature is compared as text: two base64url spellings of one byte string must not both pass.
  const verified = rest.length === 0 && sameText(signature, mac(body));
  if (!verified && !skipsVerification(binding, config)) throw rejected('requestState failed verification');
  const payload = decode(body);
  if (!payload) throw rejected('requestState is not a state this server issued');
  // mrtr-tool-state-unbound: only the states of tool calls go unchecked; resources and prompts stay bound.
  const unbound =
    isBroken(config, 'mrtr-state-unbound') || (binding.method === 'tools/call' && isBroken(config, 'mrtr-tool-state-unbound'));
  if (payload.binding !== bindingDigest(binding) && !unbound) {
    throw rejected('requestState was issued for a different method, target or arguments');
  }
  if (payload.connection !== undefined && payload.connection !== binding.connection) {
    throw rejected('requestState was issued on another connection');
  }
  return { round: payload.round, answers: payload.answers };
}

/** mrtr-unsigned-state never verifies; mrtr-resource-unsigned-state only on resources/read. */
function skipsVerification(binding: StateBinding, config: ServerConfig): boolean {
  return (
    isBroken(config, 'mrtr-unsigned-state') || (binding.method === 'resources/read' && isBroken(config, 'mrtr-resource-unsigned-state'))
  );
}

function decode(body: string): SealedPayload | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    if (!isObject(value) || !Number.isInteger(value.round) || !isObject(value.answers) || typeof value.binding !== 'string')
      return undefined;
    return value as unknown as SealedPayload;
  } catch {
    return undefined;
  }
}

function mac(body: string): string {
  return createHmac('sha256', KEY).update(body).digest('base64url');
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

function bindingDigest(binding: StateBinding): string {
  return createHash('sha256')
    .update(JSON.stringify([binding.method, binding.target, canonical(binding.args)]))
    .digest('base64url');
}

/** Key order must not matter: `{a,b}` and `{b,a}` are the same arguments. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, canonical(value[key])]),
  );
}

function rejected(message: string): RpcFailure {
  return new RpcFailure(ErrorCode.InvalidParams, message);
}

/** Flag value parsers that fail as usage errors naming the flag. */

import type { EvalShard } from '../behavior/runner.js';
import { registerHeaderSecrets } from '../pipeline/header-secrets.js';
import { usageError } from '../shared/input-error.js';
import { registerSecret } from '../shared/redact.js';
import { isRootUri, ROOT_URI_PREFIX } from '../spec/roots.js';

/** `--root URI`: a root the client declares, which 2026-07-28 requires to be a file:// URI. */
export function rootUri(flag: string): (value: string) => string {
  return (value) => {
    if (!isRootUri(value))
      throw usageError(`${flag} needs a ${ROOT_URI_PREFIX} URI, e.g. file:///home/me/project, got "${value.slice(0, 60)}"`);
    return value;
  };
}

/** `--header "Name: value"`, repeatable; the value is registered as a secret so no report shows it. */
export function collectHeader(value: string, all: Record<string, string>): Record<string, string> {
  const colon = value.indexOf(':');
  const name = colon > 0 ? value.slice(0, colon).trim() : '';
  if (!/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(name)) throw usageError(`--header needs "Name: value", got "${value.slice(0, 40)}"`);
  const header = { [name]: value.slice(colon + 1).trim() };
  registerHeaderSecrets(header);
  return { ...all, ...header };
}

/**
 * `--env NAME=VALUE` or `--env NAME` (mcpgate's own value), repeatable. The value may be a credential,
 * so it is registered as a secret like a header's, whichever way it was given.
 */
export function collectEnv(value: string, all: Record<string, string | undefined>): Record<string, string | undefined> {
  const equals = value.indexOf('=');
  const name = equals < 0 ? value : value.slice(0, equals);
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw usageError(`--env needs NAME or NAME=VALUE, got "${value.slice(0, 40)}"`);
  if (equals < 0) {
    const own = process.env[name];
    if (own !== undefined) registerSecret(own);
    return { ...all, [name]: undefined };
  }
  const variable = value.slice(equals + 1);
  registerSecret(variable);
  return { ...all, [name]: variable };
}

export function fraction(flag: string): (value: string) => number {
  return (value) => {
    const n = Number(value);
    if (!Number.isFinite(n) || n <= 0 || n > 1) throw usageError(`${flag} needs a number above 0 and at most 1, got "${value}"`);
    return n;
  };
}

/** A share strictly between 0 and 1: a part of a set where all or none would mean nothing. */
export function properFraction(flag: string): (value: string) => number {
  return (value) => {
    const n = Number(value);
    if (!Number.isFinite(n) || n <= 0 || n >= 1) throw usageError(`${flag} needs a number above 0 and below 1, got "${value}"`);
    return n;
  };
}

/** A whole number of at least `min`. */
export function integerFrom(min: number): (flag: string) => (value: string) => number {
  return (flag) => (value) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min) throw usageError(`${flag} needs a whole number, ${min} or more, got "${value}"`);
    return n;
  };
}

export function port(flag: string): (value: string) => number {
  return (value) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 0 || n > 65535) throw usageError(`${flag} needs a port from 0 to 65535, got "${value}"`);
    return n;
  };
}

export function positiveInteger(flag: string): (value: string) => number {
  return (value) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n <= 0) throw usageError(`${flag} needs a positive integer, got "${value}"`);
    return n;
  };
}

export function nonNegativeInteger(flag: string): (value: string) => number {
  return (value) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 0) throw usageError(`${flag} needs a whole number, 0 or more, got "${value}"`);
    return n;
  };
}

export function positiveNumber(flag: string): (value: string) => number {
  return (value) => {
    const n = Number(value);
    if (!Number.isFinite(n) || n <= 0) throw usageError(`${flag} needs a positive number, got "${value}"`);
    return n;
  };
}

const DURATION_UNITS: Record<string, number> = { h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000 };

/** A span like `30d`, `12h` or `2w`, in milliseconds. */
export function duration(flag: string): (value: string) => number {
  return (value) => {
    const match = /^(\d+)([hdw])$/.exec(value);
    if (!match || Number(match[1]) === 0) throw usageError(`${flag} needs a span like 30d, 12h or 2w, got "${value.slice(0, 40)}"`);
    return Number(match[1]) * DURATION_UNITS[match[2]!]!;
  };
}

/** `--shard i/n` of `eval` and `run`: shard i of n, 1 <= i <= n. */
export function shardSpec(flag: string): (value: string) => EvalShard {
  return (value) => {
    const match = /^(\d+)\/(\d+)$/.exec(value.trim());
    const index = Number(match?.[1]);
    const count = Number(match?.[2]);
    if (!match || count < 1 || index < 1 || index > count) throw usageError(`${flag} needs i/n with 1 <= i <= n, e.g. 1/4, got "${value}"`);
    return { index, count };
  };
}

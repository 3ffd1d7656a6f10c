/** Flag value parsers that fail as usage errors naming the flag. */

import { registerSecret } from '../shared/redact.js';
import { usageError } from '../shared/input-error.js';

/** `--header "Name: value"`, repeatable; the value is registered as a secret so no report shows it. */
export function collectHeader(value: string, all: Record<string, string>): Record<string, string> {
  const colon = value.indexOf(':');
  const name = colon > 0 ? value.slice(0, colon).trim() : '';
  if (!/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(name)) throw usageError(`--header needs "Name: value", got "${value.slice(0, 40)}"`);
  const headerValue = value.slice(colon + 1).trim();
  registerSecret(headerValue);
  // "Bearer abc": the token alone may be echoed back by a server, so it is a secret on its own too.
  const scheme = /^[A-Za-z][\w-]*\s+(\S+)$/.exec(headerValue);
  if (scheme) registerSecret(scheme[1]!);
  return { ...all, [name]: headerValue };
}

export function fraction(flag: string): (value: string) => number {
  return (value) => {
    const n = Number(value);
    if (!Number.isFinite(n) || n <= 0 || n > 1) throw usageError(`${flag} needs a number above 0 and at most 1, got "${value}"`);
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

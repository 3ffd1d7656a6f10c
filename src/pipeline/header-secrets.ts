/** HTTP header values are credentials more often than not: no report, log or message may show them. */

import { registerSecret } from '../shared/redact.js';

export function registerHeaderSecrets(headers: Record<string, string>): void {
  for (const value of Object.values(headers)) {
    registerSecret(value);
    // "Bearer abc": the token alone may be echoed back by a server, so it is a secret on its own too.
    const scheme = /^[A-Za-z][\w-]*\s+(\S+)$/.exec(value);
    if (scheme) registerSecret(scheme[1]!);
  }
}

/** The server under test from `--url`/`--stdio` or the config's `server:` section; a bad one is a usage error. */

import { usageError } from '../shared/input-error.js';
import { isWireError } from '../wire/errors.js';
import { validateTarget, type Target } from '../wire/target.js';

export function targetFrom(where: { url?: string | undefined; stdio?: string | undefined }): Target {
  if (where.url && where.stdio) throw usageError('give either --url or --stdio, not both');
  if (!where.url && !where.stdio) throw usageError('say which server to check: --url http://HOST:PORT/mcp or --stdio "COMMAND ARGS"');
  const target: Target = where.url ? { kind: 'http', url: where.url } : { kind: 'stdio', command: where.stdio! };
  try {
    validateTarget(target);
  } catch (error) {
    if (isWireError(error)) throw usageError(error.message);
    throw error;
  }
  return target;
}

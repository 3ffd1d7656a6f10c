/** The server under test from `--url`/`--stdio` or the config's `server:` section; a bad one is a usage error. */

import { usageError } from '../shared/input-error.js';
import { isWireError } from '../wire/errors.js';
import { validateTarget, type Target } from '../wire/target.js';

export interface TargetSpec {
  url?: string | undefined;
  stdio?: string | undefined;
  /** Variables a stdio server gets beyond the least environment; a name mapped to undefined copies mcpgate's value. */
  env?: Record<string, string | undefined> | undefined;
}

export function targetFrom(where: TargetSpec): Target {
  if (where.url && where.stdio) throw usageError('give either --url or --stdio, not both');
  if (!where.url && !where.stdio) throw usageError('say which server to check: --url http://HOST:PORT/mcp or --stdio "COMMAND ARGS"');
  const env = where.env && Object.keys(where.env).length > 0 ? where.env : undefined;
  if (where.url && env) throw usageError('--env sets the environment of a server started with --stdio; an HTTP server runs with its own');
  const target: Target = where.url ? { kind: 'http', url: where.url } : { kind: 'stdio', command: where.stdio!, ...(env ? { env } : {}) };
  try {
    validateTarget(target);
  } catch (error) {
    if (isWireError(error)) throw usageError(error.message);
    throw error;
  }
  return target;
}

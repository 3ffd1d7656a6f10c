/** The target group: which server, and how to reach it; and the tools a command may call on it. */

import { DEFAULT_TIMEOUT_MS } from '../../../pipeline/defaults.js';
import { collectEnv, collectHeader, positiveInteger } from '../../parse.js';
import { Flag } from '../flag.js';
import type { FlagValues } from '../table.js';

export interface TargetHelp {
  url?: string;
  stdio?: string;
  timeout?: string;
}

/** The server and how to reach it. */
export function targetFlags(help: TargetHelp = {}) {
  return {
    url: Flag.value('<url>', help.url ?? 'Streamable HTTP endpoint of the server, e.g. http://127.0.0.1:3000/mcp').mirrors('server.url'),
    stdio: Flag.value('<command>', help.stdio ?? 'command line that starts the server on stdio, e.g. "node server.js"').mirrors(
      'server.stdio',
    ),
    env: Flag.value(
      '<name[=value]>',
      "a variable for the --stdio server, which otherwise gets only PATH, HOME, the locale and the like (repeatable; NAME alone passes mcpgate's value)",
      () => collectEnv,
    ).default({}, 'none'),
    header: Flag.value(
      '<header>',
      'extra HTTP header on every request, e.g. "Authorization: Bearer $TOKEN" (repeatable; never shown in any output)',
      () => collectHeader,
    )
      .default({}, 'none')
      .mirrors('server.headers'),
    timeout: Flag.value('<ms>', help.timeout ?? 'per-request timeout in milliseconds', positiveInteger)
      .default(DEFAULT_TIMEOUT_MS)
      .mirrors('server.timeout_ms'),
  } as const;
}

/** Tools a command may call beyond the read-only ones; `help` says which calls, for this command. */
export function allowToolFlags(help: string) {
  return { 'allow-tool': Flag.list('<name>', `${help} (repeatable)`) } as const;
}

export type TargetFlags = FlagValues<ReturnType<typeof targetFlags>>;

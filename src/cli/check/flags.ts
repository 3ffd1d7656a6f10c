/** `mcpgate check`'s flag table, and the type of its parsed values. */

import { CHECK_DEFAULTS, DEFAULT_MAX_RESPONSE_BYTES } from '../../pipeline/defaults.js';
import { Flag } from '../flags/flag.js';
import { displayFlags, QUIET_WITH_COVERAGE } from '../flags/groups/display.js';
import { outputFlags } from '../flags/groups/output.js';
import { allowToolFlags, targetFlags } from '../flags/groups/target.js';
import type { FlagValues } from '../flags/table.js';
import { port, positiveInteger } from '../parse.js';

export const FLAGS = {
  ...targetFlags(),
  ...allowToolFlags('a tool mcpgate may call although it is not annotated read-only'),
  strict: Flag.switch('treat SHOULD violations as failures').mirrors('check.strict'),
  'expected-failures': Flag.value(
    '<file>',
    'check ids the server knowingly fails (one per line); listed ids that pass fail the run as stale',
  ).mirrors('check.expected_failures'),
  'max-response-bytes': Flag.value('<n>', 'largest response body accepted', positiveInteger).default(DEFAULT_MAX_RESPONSE_BYTES),
  concurrency: Flag.value('<n>', 'checks run at once, and the most requests in flight at once', positiveInteger).default(
    CHECK_DEFAULTS.concurrency,
  ),
  'max-calls': Flag.value('<n>', 'tool calls one check makes on its own at most', positiveInteger)
    .default(CHECK_DEFAULTS.maxCalls)
    .mirrors('check.max_calls'),
  'max-list-items': Flag.value('<n>', 'items read of one paginated list at most', positiveInteger)
    .default(CHECK_DEFAULTS.maxListItems)
    .mirrors('check.max_list_items'),
  'max-list-bytes': Flag.value('<n>', 'bytes of pages read of one paginated list at most (16 MiB)', positiveInteger)
    .default(CHECK_DEFAULTS.maxListBytes)
    .mirrors('check.max_list_bytes'),
  'test-issuer': Flag.value(
    '<url>',
    'an `mcpgate auth-server` the server trusts: the auth checks also send the tokens only an issuer can mint (expired, another audience or issuer, no scope)',
  ).mirrors('check.test_issuer'),
  'otlp-receiver': Flag.value<number | true>(
    '[port]',
    "run an OTLP/HTTP receiver on 127.0.0.1 (stdio servers are pointed at it) and check that server spans join mcpgate's trace",
    port,
  ),
  'list-checks': Flag.switch('print the check ids and exit'),
  ...displayFlags({ verbose: 'also show skipped checks, timings and the server stderr', quiet: QUIET_WITH_COVERAGE }),
  ...outputFlags(),
} as const;

export type CheckFlags = FlagValues<typeof FLAGS>;

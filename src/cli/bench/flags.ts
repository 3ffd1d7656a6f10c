/** `mcpgate bench`'s flag table, and the type of its parsed values. */

import { parseDuration } from '../../telemetry/load/duration.js';
import { usageError } from '../../shared/input-error.js';
import { BENCH_DEFAULTS } from '../bench/defaults.js';
import { Flag } from '../flags/flag.js';
import { displayFlags } from '../flags/groups/display.js';
import { allowToolFlags, targetFlags } from '../flags/groups/target.js';
import type { FlagValues } from '../flags/table.js';
import { nonNegativeInteger, positiveInteger, positiveNumber } from '../parse.js';

function durationFlag(flag: string): (value: string) => number {
  return (value) => {
    const ms = parseDuration(value);
    if (ms === undefined) throw usageError(`${flag} needs a duration such as 500ms, 10s or 1m, got "${value}"`);
    return ms;
  };
}

export const FLAGS = {
  ...targetFlags(),
  // Repeated, --url spreads the load over several instances of one server.
  url: Flag.list('<url>', 'Streamable HTTP endpoint; repeat it to spread the load over instances and compare their answers'),
  ...allowToolFlags('a tool that may be called under load although it is not annotated read-only'),
  instances: Flag.value('<n>', 'with --stdio: start this many server processes and compare their answers', positiveInteger).default(1),
  concurrency: Flag.value(
    '<n>',
    `requests in flight (closed loop; default ${BENCH_DEFAULTS.concurrency}); with --rate, the most in flight (default ${BENCH_DEFAULTS.rateInFlight})`,
    positiveInteger,
  ),
  rate: Flag.value('<r>', 'requests per second on a fixed schedule (open loop, latency from the intended send time)', positiveNumber),
  duration: Flag.value(
    '<d>',
    `length of the measured phase, e.g. 500ms, 30s, 1m (default ${BENCH_DEFAULTS.durationMs / 1000}s unless --requests)`,
    durationFlag,
  ),
  requests: Flag.value('<n>', 'number of measured requests', positiveInteger),
  tool: Flag.value('<name>', 'call this tool (tools/call) instead of tools/list; read-only tools only, unless --allow-tool names it'),
  args: Flag.value('<json>', 'arguments of --tool as a JSON object'),
  warmup: Flag.value('<n>', 'requests sent and not measured before the run', nonNegativeInteger).default(0),
  report: Flag.value('<file>', 'write the results as JSON to this file'),
  ...displayFlags({
    verbose: 'also show the settings, the p99.9 latency and the split over the instances',
    quiet: 'print only the one-line result',
  }),
} as const;

export type BenchFlags = FlagValues<typeof FLAGS>;

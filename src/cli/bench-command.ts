/** `mcpgate bench`'s flags; the load generator is loaded only when the command runs. */

import { Option, type Command } from 'commander';
import { parseDuration } from '../telemetry/load/duration.js';
import { usageError } from '../shared/input-error.js';
import type { BenchFlags } from './bench/bench.js';
import { BENCH_DEFAULTS } from './bench/defaults.js';
import { addOptions, displayOptions, targetOptions } from './options.js';
import { nonNegativeInteger, positiveInteger, positiveNumber } from './parse.js';

function durationFlag(value: string): number {
  const ms = parseDuration(value);
  if (ms === undefined) throw usageError(`--duration needs a duration such as 500ms, 10s or 1m, got "${value}"`);
  return ms;
}

export function configure(command: Command): void {
  command.description('layer 3: load the server at a fixed concurrency or rate; report throughput, latency percentiles and errors');
  addOptions(
    command,
    targetOptions({
      url: 'Streamable HTTP endpoint; repeat it to spread the load over instances and compare their answers',
      repeatUrl: true,
      allowTool: 'a tool that may be called under load although it is not annotated read-only',
    }),
    [
      new Option('--instances <n>', 'with --stdio: start this many server processes and compare their answers')
        .default(1)
        .argParser(positiveInteger('--instances')),
      new Option(
        '--concurrency <n>',
        `requests in flight (closed loop; default ${BENCH_DEFAULTS.concurrency}); with --rate, the most in flight (default ${BENCH_DEFAULTS.rateInFlight})`,
      ).argParser(positiveInteger('--concurrency')),
      new Option('--rate <r>', 'requests per second on a fixed schedule (open loop, latency from the intended send time)').argParser(
        positiveNumber('--rate'),
      ),
      new Option(
        '--duration <d>',
        `length of the measured phase, e.g. 500ms, 30s, 1m (default ${BENCH_DEFAULTS.durationMs / 1000}s unless --requests)`,
      ).argParser(durationFlag),
      new Option('--requests <n>', 'number of measured requests').argParser(positiveInteger('--requests')),
      new Option('--tool <name>', 'call this tool (tools/call) instead of tools/list; read-only tools only, unless --allow-tool names it'),
      new Option('--args <json>', 'arguments of --tool as a JSON object'),
      new Option('--warmup <n>', 'requests sent and not measured before the run').default(0).argParser(nonNegativeInteger('--warmup')),
      new Option('--report <file>', 'write the results as JSON to this file'),
    ],
    displayOptions({
      verbose: 'also show the settings, the p99.9 latency and the split over the instances',
      quiet: 'print only the one-line result',
    }),
  );
  command.action(async (flags: BenchFlags) => {
    const { bench } = await import('./bench/bench.js');
    process.exitCode = await bench(flags);
  });
}

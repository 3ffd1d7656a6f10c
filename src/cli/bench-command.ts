/** `mcpgate bench`'s flags; the load generator is loaded only when the command runs. */

import { defineCommand } from './flags/command.js';
import { FLAGS } from './bench/flags.js';

export const command = defineCommand({
  description: 'layer 3: load the server at a fixed concurrency or rate; report throughput, latency percentiles and errors',
  flags: FLAGS,
  action: async (flags) => (await import('./bench/bench.js')).bench(flags),
});

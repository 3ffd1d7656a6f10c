/**
 * Preloaded into a process a benchmark measures (`node --import`): at exit, writes its peak resident
 * set size (KiB) and the CPU time it used (user + system, ms) as JSON to the file named by
 * MCPGATE_BENCH_USAGE_FILE. CPU time moves far less with the machine's load than wall time does.
 */

import { writeFileSync } from 'node:fs';

const file = process.env.MCPGATE_BENCH_USAGE_FILE;
if (file)
  process.on('exit', () => {
    const usage = process.resourceUsage();
    writeFileSync(file, JSON.stringify({ maxRssKiB: usage.maxRSS, cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000 }));
  });

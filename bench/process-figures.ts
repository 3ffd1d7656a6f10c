/**
 * One node process (mcpgate or a loop it is compared with) run to its end, with the figures it reports
 * about itself at exit: wall time from spawn to exit, its own CPU time and peak RSS. Shared by the eval
 * benchmarks.
 */

import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Figures {
  seconds: number;
  peakMb: number;
  cpuMs: number;
  output: string;
}

/** Writes the process's peak RSS and CPU time to a file when it exits: the child's own figures, not the bench's. */
function exitFiguresHook(dir: string): string {
  const hook = join(dir, 'exit-figures.mjs');
  writeFileSync(
    hook,
    `import { writeFileSync } from 'node:fs';\nprocess.on('exit', () => { const u = process.resourceUsage(); writeFileSync(process.env.EXIT_FIGURES_FILE, JSON.stringify({ maxRSS: u.maxRSS, cpuUs: u.userCPUTime + u.systemCPUTime })); });\n`,
  );
  return hook;
}

/** Runs `node script ...args` in `dir` (a scratch folder) and returns its figures; exit 0 and 1 (a failing verdict) are results. */
export async function measure(dir: string, script: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<Figures> {
  const figuresFile = join(dir, 'exit-figures.json');
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', exitFiguresHook(dir), script, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...env, EXIT_FIGURES_FILE: figuresFile },
  });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) stream.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const code = await new Promise<number | null>((resolvePromise) => child.once('close', resolvePromise));
  const seconds = (performance.now() - started) / 1000;
  if (code !== 0 && code !== 1) throw new Error(`${script} exited ${code}: ${output.slice(-600)}`);
  const { maxRSS, cpuUs } = JSON.parse(readFileSync(figuresFile, 'utf8')) as { maxRSS: number; cpuUs: number };
  return { seconds, peakMb: maxRSS / 1024, cpuMs: cpuUs / 1000, output };
}

/**
 * Saturates the machine's cores with child processes that spin, for tests that must give the same
 * result on a busy machine. Each child ends by itself after `maxMs` even if the test dies without
 * stopping it, and `stop` kills them all and waits until they are gone.
 */

import { spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';

export interface CpuBurner {
  readonly count: number;
  stop: () => Promise<void>;
}

/** Starts one spinning process per core (or `count`); resolves once every one of them is running. */
export async function startCpuBurner(options: { count?: number; maxMs?: number } = {}): Promise<CpuBurner> {
  const count = options.count ?? availableParallelism();
  const maxMs = options.maxMs ?? 120_000;
  // Each child announces itself, then spins in slices, checking its own deadline between them.
  const program = `process.stdout.write('spinning\\n'); const end = Date.now() + ${maxMs}; let x = 0; while (Date.now() < end) { for (let i = 0; i < 1e6; i++) x = (x * 31 + i) | 0; }`;
  const children: ChildProcess[] = [];
  const started = Array.from({ length: count }, () => {
    const child = spawn(process.execPath, ['-e', program], { stdio: ['ignore', 'pipe', 'ignore'] });
    children.push(child);
    return new Promise<void>((resolve, reject) => {
      child.stdout!.once('data', () => resolve());
      child.once('exit', (code) => reject(new Error(`a CPU burner process exited early (code ${code})`)));
    });
  });
  const stop = async (): Promise<void> => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGKILL');
          }),
      ),
    );
  };
  try {
    await Promise.all(started);
  } catch (error) {
    await stop();
    throw error;
  }
  return { count, stop };
}

/**
 * Every server process mcpgate starts is registered here and ended when mcpgate ends, including
 * on Ctrl-C, SIGTERM or a crash, so no run leaves a server behind.
 */

import type { ChildProcess } from 'node:child_process';

const live = new Set<ChildProcess>();
let hooked = false;

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    // Children are spawned detached, as group leaders: the negative pid reaches their own children too.
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      // Already gone.
    }
  }
}

export function killAllChildren(signal: NodeJS.Signals = 'SIGKILL'): void {
  for (const child of live) killGroup(child, signal);
}

function installHooks(): void {
  if (hooked) return;
  hooked = true;
  process.on('exit', () => killAllChildren('SIGKILL'));
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      killAllChildren('SIGKILL');
      process.exit(signal === 'SIGINT' ? 130 : 143);
    });
  }
}

export function registerChild(child: ChildProcess): void {
  installHooks();
  live.add(child);
  child.once('exit', () => live.delete(child));
}

export function endChild(child: ChildProcess, signal: NodeJS.Signals): void {
  killGroup(child, signal);
}

export function liveChildCount(): number {
  return live.size;
}

/**
 * Reading Linux's /proc about other processes, bounded: a file read at most up to a cap (never a
 * blocking or endless read: /proc files are regular and end), a process's command line masked and cut
 * before any message holds it, and its state. Every function here returns undefined rather than throw:
 * a process may exit between two reads, and another user's processes cannot be read at all.
 */

import { closeSync, constants, openSync, readdirSync, readSync } from 'node:fs';
import { oneLine } from '../shared/one-line.js';
import { redact } from '../shared/redact.js';

const MAX_COMMAND_BYTES = 4_096;
const MAX_COMMAND_CHARS = 160;

/** At most `limit` bytes of a file, or undefined when it cannot be read. */
export function readAtMost(file: string, limit: number): string | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
    const buffer = Buffer.alloc(limit);
    let size = 0;
    while (size < limit) {
      const read = readSync(fd, buffer, size, limit - size, null);
      if (read === 0) break;
      size += read;
    }
    return buffer.subarray(0, size).toString('utf8');
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** The numeric entries of /proc: every process the kernel shows, or none off Linux. */
export function processIds(): string[] {
  if (process.platform !== 'linux') return [];
  try {
    return readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return [];
  }
}

/** A process's command line (its name when the line is empty), masked and cut: it may carry a token. */
export function commandOf(pid: string | number): string {
  const argv = readAtMost(`/proc/${pid}/cmdline`, MAX_COMMAND_BYTES) ?? '';
  const command = argv.split('\0').filter(Boolean).join(' ') || (readAtMost(`/proc/${pid}/comm`, 256) ?? '').trim();
  return redact(oneLine(command, MAX_COMMAND_CHARS)) || 'command unknown';
}

/** "pid (comm) state ppid pgrp …": comm may hold spaces and parentheses, so fields count from the last ')'. */
export function statOf(pid: string | number): { state: string; ppid: number; pgrp: number } | undefined {
  const stat = readAtMost(`/proc/${pid}/stat`, 4_096);
  if (stat === undefined) return undefined;
  const [state, ppid, pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return state === undefined ? undefined : { state, ppid: Number(ppid), pgrp: Number(pgrp) };
}

/** A zombie or a dead task holds nothing and runs nothing; only its parent can remove it. */
export function isRunning(stat: { state: string }): boolean {
  return stat.state !== 'Z' && stat.state !== 'X';
}

/**
 * Blocks until `running()` is false, for at most `budgetMs`, checking every `pollMs`: SIGKILL is
 * delivered asynchronously, and a process still in the process table after mcpgate exited would look
 * like one it left behind. Synchronous, for the paths where mcpgate exits right after.
 */
export function waitUntilGone(running: () => boolean, budgetMs: number, pollMs = 5): void {
  const deadline = Date.now() + budgetMs;
  const sleeper = new Int32Array(new SharedArrayBuffer(4));
  while (running() && Date.now() < deadline) Atomics.wait(sleeper, 0, 0, pollMs);
}

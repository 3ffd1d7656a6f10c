/**
 * Whether a process group still has a running member. `kill(-pgid, 0)` alone also counts zombies:
 * a server's orphaned helper that exited stays a zombie until init reaps it, and the init of many
 * containers never does. On Linux /proc tells the two apart.
 */

import { readdirSync, readFileSync } from 'node:fs';

export function groupRunning(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  return process.platform === 'linux' ? hasRunningMember(pgid) : true;
}

function hasRunningMember(pgid: number): boolean {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return true;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    // "pid (comm) state ppid pgrp …": comm may hold spaces and parentheses, so fields count from the last ')'.
    const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(pgrp) === pgid && state !== 'Z' && state !== 'X') return true;
  }
  return false;
}

/**
 * Whether a child has ended though Node has not yet seen its exit: on Linux a process that died stays
 * a zombie until its parent reaps it, and Node reaps on a later turn of the event loop. Elsewhere only
 * the exit event tells.
 */
export function processEnded(pid: number): boolean {
  if (process.platform !== 'linux') return false;
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return true;
  }
  const state = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
  return state === 'Z' || state === 'X';
}

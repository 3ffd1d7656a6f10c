/**
 * Whether a process group still has a running member. `kill(-pgid, 0)` alone also counts zombies:
 * a server's orphaned helper that exited stays a zombie until init reaps it, and the init of many
 * containers never does. On Linux /proc tells the two apart.
 */

import { isRunning, processIds, statOf } from './proc.js';

export function groupRunning(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  return process.platform === 'linux' ? hasRunningMember(pgid) : true;
}

function hasRunningMember(pgid: number): boolean {
  const pids = processIds();
  // No /proc to read: the kill above found the group, so count it as running.
  if (pids.length === 0) return true;
  return pids.some((pid) => {
    const stat = statOf(pid);
    return stat !== undefined && stat.pgrp === pgid && isRunning(stat);
  });
}

/**
 * Whether a child has ended though Node has not yet seen its exit: on Linux a process that died stays
 * a zombie until its parent reaps it, and Node reaps on a later turn of the event loop. Elsewhere only
 * the exit event tells.
 */
export function processEnded(pid: number): boolean {
  if (process.platform !== 'linux') return false;
  const stat = statOf(pid);
  return stat === undefined || !isRunning(stat);
}

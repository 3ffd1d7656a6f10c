/**
 * Every server process mcpgate starts is registered here and ended when mcpgate ends, including
 * on Ctrl-C, SIGTERM or a crash, so no run leaves a server behind.
 *
 * Children are spawned detached, so each leads a process group of its own. What is ended is the
 * group, not the child: a server that started helpers (or exited and left them running, holding
 * its stdout) would otherwise outlive mcpgate or keep it from exiting.
 */

import { setTimeout as delay } from 'node:timers/promises';
import type { ChildProcess } from 'node:child_process';
import { groupRunning } from './process-group.js';
import { within } from './within.js';

/** How long a group gets to exit after SIGTERM before it gets SIGKILL. */
export const GROUP_TERM_GRACE_MS = 1_000;

/** How often a group is looked at while waiting for it to go: no event says when a grandchild exits. */
const GROUP_POLL_MS = 25;

/**
 * How long the pipes get, once the group is gone, to deliver what it wrote last. Only a process that
 * left the group (setsid) can hold them open longer; then they are cut.
 */
const PIPE_DRAIN_MS = 500;

const groups = process.platform !== 'win32';

/** Groups not yet seen gone; a leader's exit does not end its group, so exit alone does not remove one. */
const live = new Set<ChildProcess>();
let hooked = false;

function leaderRunning(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    if (groups) process.kill(-child.pid, signal);
    else if (leaderRunning(child)) child.kill(signal);
  } catch {
    // Already gone.
  }
}

function groupAlive(child: ChildProcess): boolean {
  if (child.pid === undefined) return false;
  return groups ? groupRunning(child.pid) : leaderRunning(child);
}

async function waitForGroup(child: ChildProcess, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (groupAlive(child)) {
    if (Date.now() >= deadline) return false;
    await delay(GROUP_POLL_MS);
  }
  return true;
}

async function drainPipes(child: ChildProcess): Promise<void> {
  const open = [child.stdout, child.stderr].filter((stream) => stream !== null && !stream.closed);
  const closed = open.map((stream) => new Promise((resolve) => stream!.once('close', resolve)));
  await within(Promise.all(closed), PIPE_DRAIN_MS, undefined);
}

export function killAllChildren(signal: NodeJS.Signals = 'SIGKILL'): void {
  for (const child of live) signalGroup(child, signal);
}

/**
 * Ctrl-C (130), SIGTERM and SIGHUP (143) end mcpgate at once, whatever it is waiting for, after a
 * SIGKILL to every group it started. Installed by the CLI at startup, so a run with no child (an
 * HTTP target) exits with the documented code too; registering a child installs it as well.
 */
export function installHooks(): void {
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
  child.once('exit', () => {
    if (!groupAlive(child)) live.delete(child);
  });
}

/** Signals the child's whole group at once, without waiting (see endGroup for the orderly way). */
export function endChild(child: ChildProcess, signal: NodeJS.Signals): void {
  signalGroup(child, signal);
}

/**
 * Ends the child's group: SIGTERM, then SIGKILL to whatever is left after `graceMs`. Then lets go of
 * the pipes, PIPE_DRAIN_MS at most after that: mcpgate must not wait on a process that holds them.
 */
export async function endGroup(child: ChildProcess, graceMs = GROUP_TERM_GRACE_MS): Promise<void> {
  if (groupAlive(child)) {
    signalGroup(child, 'SIGTERM');
    if (!(await waitForGroup(child, graceMs))) {
      signalGroup(child, 'SIGKILL');
      await waitForGroup(child, graceMs);
    }
  }
  if (!groupAlive(child)) live.delete(child);
  await drainPipes(child);
  for (const stream of [child.stdin, child.stdout, child.stderr]) stream?.destroy();
}

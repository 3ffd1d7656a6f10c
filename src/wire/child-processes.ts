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
import { endTagged, type EscapedProcess } from './escaped.js';
import { groupRunning } from './process-group.js';
import { waitUntilGone } from './proc.js';
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
/** Each child's MCPGATE_SERVER_TAG (escaped.ts), for the processes that leave its group. */
const tags = new Map<ChildProcess, string>();
/** Tags of children whose group has ended: searched for once, when mcpgate exits (sweepEscaped). */
const ended = new Set<string>();
let hooked = false;

/** Told of every process found outside a server's group after the group ended (and ended then). */
let onEscaped: (escaped: EscapedProcess) => void = () => {};

/** Where escaped processes are reported; the CLI prints each as a warning. */
export function setEscapeListener(listener: (escaped: EscapedProcess) => void): void {
  onEscaped = listener;
}

/** Once its group is gone, what still carries the child's tag left the group: it is looked for at the end. */
function groupEnded(child: ChildProcess): void {
  const tag = tags.get(child);
  if (tag === undefined) return;
  tags.delete(child);
  ended.add(tag);
}

/**
 * Ends every process that left the group of a server mcpgate started (setsid) and reports each: for
 * the servers whose group has ended, and with `all`, for those still running too (mcpgate is exiting).
 */
export function sweepEscaped(all = false, budgetMs?: number): void {
  const wanted = new Set([...ended, ...(all ? tags.values() : [])]);
  ended.clear();
  for (const escaped of endTagged(wanted, budgetMs)) onEscaped(escaped);
}

/** On Ctrl-C the search is shorter: mcpgate promises to be gone within a second. */
const INTERRUPTED_SEARCH_MS = 200;
/** On Ctrl-C, how long mcpgate waits for the groups it sent SIGKILL to be gone before it exits. */
const INTERRUPTED_KILL_WAIT_MS = 500;

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
  process.on('exit', () => {
    killAllChildren('SIGKILL');
    sweepEscaped(true);
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      killAllChildren('SIGKILL');
      // A zombie counts as gone: it runs nothing, and only its parent can remove it.
      waitUntilGone(() => [...live].some(groupAlive), INTERRUPTED_KILL_WAIT_MS);
      sweepEscaped(true, INTERRUPTED_SEARCH_MS);
      process.exit(signal === 'SIGINT' ? 130 : 143);
    });
  }
}

/** `tag`: the MCPGATE_SERVER_TAG the child was started with, when it was (escaped.ts). */
export function registerChild(child: ChildProcess, tag?: string): void {
  installHooks();
  live.add(child);
  if (tag !== undefined) tags.set(child, tag);
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
  if (!groupAlive(child)) {
    live.delete(child);
    groupEnded(child);
  }
  await drainPipes(child);
  for (const stream of [child.stdin, child.stdout, child.stderr]) stream?.destroy();
}

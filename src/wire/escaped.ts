/**
 * Processes a server started that left its process group (setsid, a double fork into a new session):
 * ending the group does not reach them. Every server mcpgate starts gets a variable of its own,
 * MCPGATE_SERVER_TAG, which its descendants inherit across fork, exec and setsid; once the group has
 * ended, the processes that still carry the tag are the ones that escaped. They are ended by pid and
 * named, so a run never leaves one behind unseen. Linux only (/proc), and only processes of mcpgate's
 * own user are readable; a process that clears its environment is not found (docs/security.md).
 * One search of /proc costs a read per process (about 15 ms for 100 processes), so the tags of the
 * servers that ended are searched for together, once, when mcpgate exits (child-processes.ts).
 */

import { randomBytes } from 'node:crypto';
import { commandOf, isRunning, processIds, readAtMost, statOf, waitUntilGone } from './proc.js';

export const SERVER_TAG_VARIABLE = 'MCPGATE_SERVER_TAG';

/** The environment of a process is read this far: the tag is found in any environment of ordinary size. */
const MAX_ENVIRON_BYTES = 256 * 1024;
/** Processes looked at in one search, and the time it may take: a search runs at every server's end. */
const MAX_PROCESSES = 100_000;
export const SEARCH_BUDGET_MS = 500;
/** How long mcpgate waits for the processes it sent SIGKILL to be gone. */
const KILL_WAIT_MS = 500;

export interface EscapedProcess {
  pid: number;
  /** Its command line, masked and cut. */
  command: string;
}

/** A new tag for one server process: random, so no other run's or server's processes carry it. */
export function newServerTag(): string {
  return randomBytes(12).toString('hex');
}

/** `env` with a new tag added, and the tag: what a server is started with. */
export function withServerTag(env: NodeJS.ProcessEnv | Record<string, string>): { env: Record<string, string>; tag: string } {
  const tag = newServerTag();
  const defined = Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined);
  return { env: { ...Object.fromEntries(defined), [SERVER_TAG_VARIABLE]: tag }, tag };
}

/** Running processes other than mcpgate itself whose environment carries one of `tags`. */
export function findTagged(tags: ReadonlySet<string>, budgetMs = SEARCH_BUDGET_MS): EscapedProcess[] {
  if (process.platform !== 'linux' || tags.size === 0) return [];
  const prefix = `${SERVER_TAG_VARIABLE}=`;
  const deadline = Date.now() + budgetMs;
  const found: EscapedProcess[] = [];
  for (const [index, pid] of processIds().entries()) {
    if (index >= MAX_PROCESSES || Date.now() > deadline) break;
    if (Number(pid) === process.pid) continue;
    const environ = readAtMost(`/proc/${pid}/environ`, MAX_ENVIRON_BYTES);
    if (environ === undefined || !environ.split('\0').some((entry) => entry.startsWith(prefix) && tags.has(entry.slice(prefix.length))))
      continue;
    const stat = statOf(pid);
    if (stat && isRunning(stat)) found.push({ pid: Number(pid), command: commandOf(pid) });
  }
  return found;
}

/** Ends (SIGKILL) every running process that carries one of `tags`, and says which they were. */
export function endTagged(tags: ReadonlySet<string>, budgetMs = SEARCH_BUDGET_MS): EscapedProcess[] {
  const escaped = findTagged(tags, budgetMs);
  for (const { pid } of escaped) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone in the meantime.
    }
  }
  // Gone before mcpgate says so: under load a killed process can stay runnable for a while.
  waitUntilGone(
    () =>
      escaped.some(({ pid }) => {
        const stat = statOf(pid);
        return stat !== undefined && isRunning(stat);
      }),
    KILL_WAIT_MS,
  );
  return escaped;
}

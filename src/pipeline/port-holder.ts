/**
 * Which local process listens on a TCP port, so that the refusal of a stale server can name it. Linux
 * only, from /proc: the port's listening sockets in /proc/net/tcp and tcp6 give socket inodes, and the
 * process whose /proc/PID/fd links to one of them holds the port. Another user's processes cannot be
 * read, and a listener in another network namespace (a container's published port) is not in these
 * tables: then nothing is found and the message says so. Bounded in bytes, links and time; it never
 * throws, because it only adds a detail to an error that is raised anyway.
 */

import { readdirSync, readlinkSync } from 'node:fs';
import { commandOf, processIds, readAtMost } from '../wire/proc.js';

export interface PortHolder {
  pid: number;
  /** Its command line, masked and cut. */
  command: string;
}

/** A busy host lists tens of thousands of sockets (about 150 bytes each); past this the rest is not read. */
const MAX_TABLE_BYTES = 4 * 1024 * 1024;
/** Descriptors looked at over all processes; a host with more than that is not searched further. */
const MAX_LINKS = 200_000;
/** The whole search; it is a detail of an error message, not worth a noticeable wait. */
const BUDGET_MS = 500;
const LISTEN = '0A';

/** Inodes of the sockets listening on `port`, on any address: `sl local_address rem_address st … uid timeout inode`. */
function listeningInodes(port: number): Set<string> {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const lines = (readAtMost(table, MAX_TABLE_BYTES) ?? '').split('\n').slice(1);
    for (const line of lines) {
      const fields = line.trim().split(/\s+/);
      const [, local, , state] = fields;
      const inode = fields[9];
      if (state !== LISTEN || local === undefined || inode === undefined || inode === '0') continue;
      if (Number.parseInt(local.slice(local.lastIndexOf(':') + 1), 16) === port) inodes.add(inode);
    }
  }
  return inodes;
}

function processHolding(sockets: Set<string>): PortHolder | undefined {
  const deadline = Date.now() + BUDGET_MS;
  let links = 0;
  for (const pid of processIds()) {
    if (Date.now() > deadline) return undefined;
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue; // another user's process, or one that just exited
    }
    for (const fd of fds) {
      if (++links > MAX_LINKS) return undefined;
      let link: string;
      try {
        link = readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        continue;
      }
      if (sockets.has(link)) return { pid: Number(pid), command: commandOf(pid) };
    }
  }
  return undefined;
}

export function findPortHolder(port: number): PortHolder | undefined {
  if (process.platform !== 'linux') return undefined;
  try {
    const inodes = listeningInodes(port);
    return inodes.size === 0 ? undefined : processHolding(new Set([...inodes].map((inode) => `socket:[${inode}]`)));
  } catch {
    return undefined;
  }
}

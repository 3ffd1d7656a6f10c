/**
 * Which server a report is about, for deciding whether two runs can be compared. The endpoint is
 * not part of it: CI starts servers on ephemeral ports, and a URL says nothing about the code
 * behind it. The server's own name is; its version and tools are what a gate is there to judge.
 */

import type { Era, TargetInfo } from '../report/model.js';

export interface TargetIdentity {
  transport: TargetInfo['transport'];
  era: Era;
  /** The server's name (fingerprint or serverInfo), or the endpoint when the server gave none. */
  server: string;
}

export function targetIdentity(target: TargetInfo): TargetIdentity {
  return {
    transport: target.transport,
    era: target.era,
    server: target.fingerprint?.serverName ?? target.serverInfo?.name ?? target.endpoint,
  };
}

export function sameTarget(a: TargetIdentity, b: TargetIdentity): boolean {
  return a.transport === b.transport && a.era === b.era && a.server === b.server;
}

export function describeIdentity(t: TargetIdentity): string {
  return `${t.server} over ${t.transport} (${t.era} era)`;
}

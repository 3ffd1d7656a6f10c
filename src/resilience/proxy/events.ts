/**
 * What the proxy saw and did, one event per request it received: the report's evidence for every
 * fault and injection, and the count of upstream executions that turns a re-issued call into
 * "executed twice".
 */

import { createHash } from 'node:crypto';
import { canonicalJson } from '../../shared/canonical-json.js';
import type { FaultKind } from './faults.js';

export interface ProxyEvent {
  /** 1-based, in arrival order. */
  seq: number;
  at: number;
  method: string;
  /** The JSON-RPC id the client sent (absent for notifications and unparsable bodies). */
  requestId?: string | number | null;
  tool?: string;
  /** Which call of this tool it was since the plan was armed (1-based). */
  occurrence?: number;
  fault?: FaultKind;
  /** The label of the injection planted into the result. */
  injection?: string;
  /** Why the proxy refused the request instead of forwarding it. */
  refused?: string;
  /** Whether the upstream server answered this request (for tools/call: it executed the tool). */
  upstreamExecuted: boolean;
  /** Canary values the wrong-output fault put into the result. */
  canaries?: string[];
  /** For a tools/call with the same name and arguments as an earlier cut one: that event's seq. */
  reissueOf?: number;
  /** Hash of the tool name and arguments, to match a re-issue with the call it repeats. */
  paramsKey?: string;
  /** HTTP status sent to the client; absent while a hung request is held. */
  status?: number;
  bytesIn: number;
  bytesOut: number;
  durationMs: number;
  /** The start of what the client received (or, for a cut stream, what was sent before the cut). */
  replyExcerpt?: string;
}

export const EXCERPT_CHARS = 400;

export function paramsKeyOf(tool: string, args: unknown): string {
  return createHash('sha256').update(canonicalJson({ tool, args: args ?? {} })).digest('hex').slice(0, 16);
}

export class EventLog {
  readonly events: ProxyEvent[] = [];
  /** Re-issues are matched only within the current plan, so one sample never pairs with another's. */
  private windowStart = 0;

  add(fields: Omit<ProxyEvent, 'seq' | 'at' | 'upstreamExecuted' | 'bytesOut' | 'durationMs'>): ProxyEvent {
    const event: ProxyEvent = { seq: this.events.length + 1, at: Date.now(), upstreamExecuted: false, bytesOut: 0, durationMs: 0, ...fields };
    if (event.paramsKey !== undefined) {
      const window = this.events.slice(this.windowStart);
      const cut = window.find((e) => e.fault === 'stream-cut' && e.paramsKey === event.paramsKey && !window.some((r) => r.reissueOf === e.seq));
      if (cut) event.reissueOf = cut.seq;
    }
    this.events.push(event);
    return event;
  }

  /** Starts a new window (a newly armed plan) and returns the position to read its events from. */
  mark(): number {
    this.windowStart = this.events.length;
    return this.windowStart;
  }

  since(mark: number): ProxyEvent[] {
    return this.events.slice(mark);
  }
}

/** Upstream executions of one tools/call and its re-issues: 2 means the server ran it twice. */
export function executionsOf(events: readonly ProxyEvent[], first: ProxyEvent): number {
  let count = first.upstreamExecuted ? 1 : 0;
  let current = first.seq;
  for (const event of events) {
    if (event.reissueOf !== current) continue;
    if (event.upstreamExecuted) count++;
    current = event.seq;
  }
  return count;
}

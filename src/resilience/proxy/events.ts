/**
 * The log of what the proxy saw and did, one ProxyEvent (report contract) per request it received:
 * the report's evidence for every fault and injection, and the count of upstream executions that
 * turns a re-issued call into "executed twice".
 */

import type { ProxyEvent } from '../../report/model.js';
import { canonicalSha256 } from '../../shared/canonical-json.js';

export const EXCERPT_CHARS = 400;

export function paramsKeyOf(tool: string, args: unknown): string {
  return canonicalSha256({ tool, args: args ?? {} }).slice(0, 16);
}

export class EventLog {
  readonly events: ProxyEvent[] = [];
  /** Re-issues are matched only within the current plan, so one sample never pairs with another's. */
  private windowStart = 0;

  add(fields: Omit<ProxyEvent, 'seq' | 'at' | 'upstreamExecuted' | 'bytesOut' | 'durationMs'>): ProxyEvent {
    const event: ProxyEvent = {
      seq: this.events.length + 1,
      at: Date.now(),
      upstreamExecuted: false,
      bytesOut: 0,
      durationMs: 0,
      ...fields,
    };
    if (event.paramsKey !== undefined) {
      const window = this.events.slice(this.windowStart);
      const cut = window.find(
        (e) => e.fault === 'stream-cut' && e.paramsKey === event.paramsKey && !window.some((r) => r.reissueOf === e.seq),
      );
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

/**
 * A robustness probe is a layer 0 check in all but its context: id, title, level, spec page and one
 * `run` returning a CheckOutcome with evidence. The context gives it the raw link instead of the
 * conformance helpers, because a probe's whole point is to send what no valid client would.
 */

import type { CheckDefinition, CheckOutcome } from '../../conformance/check.js';
import { toolSafety } from '../../spec/tool-safety.js';
import type { ListedTool } from '../../spec/tool.js';
import { isErrorResponse, type JsonRpcId } from '../../wire/jsonrpc.js';
import type { Exchange } from '../../wire/exchange.js';
import { WireError } from '../../wire/errors.js';
import type { ProbeLink, RawMessage } from './link.js';
import { ROBUSTNESS_AREA } from '../../report/constants.js';

export interface ProbeDefinition extends Omit<CheckDefinition, 'run' | 'phase' | 'transports'> {
  run(ctx: ProbeContext): Promise<CheckOutcome>;
}

export function defineProbes(probes: Array<Omit<ProbeDefinition, 'area'>>): ProbeDefinition[] {
  return probes.map((probe) => ({ ...probe, area: ROBUSTNESS_AREA }));
}

export class ProbeContext {
  constructor(
    readonly link: ProbeLink,
    /** Every tool the server lists (read once, before the probes). */
    readonly tools: readonly ListedTool[],
    readonly options: {
      timeoutMs: number;
      /**
       * The wait for an answer to a malformed message (never above timeoutMs): a server that
       * ignores an unreadable line is judged by its silence, which need not cost the request timeout.
       */
      probeTimeoutMs: number;
      allowTools: ReadonlySet<string>;
    },
  ) {}

  get hasTools(): boolean {
    return this.tools.length > 0;
  }

  /** Tools the probes may call: read-only ones and those named with --allow-tool (spec/tool-safety.ts). */
  get callableTools(): ListedTool[] {
    return this.tools.filter((tool) => toolSafety(tool, this.options.allowTools).callable);
  }

  /** The cheap valid request every probe is followed by; server/discover when no tool is listed. */
  get healthMethod(): string {
    return this.hasTools ? 'tools/list' : 'server/discover';
  }

  /**
   * Sends a malformed message and waits at most the probe timeout. Silence is then the server's
   * answer, so the error says which flag bounds the wait, not "raise --timeout".
   */
  async sendMalformed(message: Omit<RawMessage, 'timeoutMs'>): Promise<Exchange> {
    const timeoutMs = this.options.probeTimeoutMs;
    const exchange = await this.link.send({ ...message, timeoutMs });
    if (exchange.error?.kind === 'timeout' && exchange.messages.length === 0 && exchange.status === undefined) {
      exchange.error = new WireError('timeout', `nothing came back within ${timeoutMs} ms (--probe-timeout)`);
    }
    return exchange;
  }

  /** A request's JSON text with the per-request `_meta` a 2026-07-28 server requires. */
  requestText(id: JsonRpcId, method: string, params: Record<string, unknown> = {}): string {
    return JSON.stringify({ jsonrpc: '2.0', id, method, params: { ...params, _meta: this.link.client.defaultMeta() } });
  }
}

/** Probe ids: unique per run so that a stray late answer is never taken for a later probe's. */
let sequence = 0;
export function probeId(prefix: string): string {
  return `mcpgate-${prefix}-${++sequence}`;
}

/** An error whose id is null or missing: how a server answers a request it could not read the id of. */
export function nullIdError(message: unknown): boolean {
  return isErrorResponse(message) && (message.id === null || message.id === undefined);
}

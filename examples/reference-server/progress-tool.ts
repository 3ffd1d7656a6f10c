/**
 * A tool that reports progress (basic/patterns/progress): with `_meta.progressToken` it works in
 * paced steps and sends one `notifications/progress` per step, with that token and a strictly
 * rising `progress`, all before its response. Without a token it sends none and does not wait.
 * The pacing also gives a client time to cancel it (basic/patterns/cancellation).
 */

import { isBroken, type ServerConfig } from './config.js';
import { isObject, type JsonObject, type JsonRpcNotification } from './jsonrpc.js';
import type { ToolDefinition } from './tool-definitions.js';

export const PROGRESS_TOOL = 'count_with_progress';
const STEP_MS = 25;

export const PROGRESS_TOOL_DEFINITION: ToolDefinition = {
  name: PROGRESS_TOOL,
  title: 'Progress demo',
  description:
    'Protocol demo: counts to "steps" (1 to 10), sending a progress notification per step when the request carries a progressToken.',
  inputSchema: {
    type: 'object',
    properties: { steps: { type: 'integer', minimum: 1, maximum: 10, default: 4, description: 'How many steps to count.' } },
    additionalProperties: false,
  },
  annotations: { title: 'Progress demo', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
};

export function countSteps(args: JsonObject): { content: JsonObject[] } {
  return { content: [{ type: 'text', text: `Counted to ${stepsOf(args)}.` }] };
}

export interface ProgressPlan {
  /** Sent one per step, `stepMs` apart, before the response. */
  steps: JsonRpcNotification[];
  stepMs: number;
  /** Sent after the response: only progress-after-response and progress-late have any. */
  after: JsonRpcNotification[];
  /** progress-late: how long after the response `after` is sent. */
  afterMs?: number;
}

/** The notifications of one call of the progress tool, or undefined when nobody asked for progress. */
export function progressPlan(params: JsonObject, config: ServerConfig): ProgressPlan | undefined {
  const meta = isObject(params._meta) ? params._meta : {};
  const token = meta.progressToken;
  if (params.name !== PROGRESS_TOOL || (typeof token !== 'string' && !Number.isInteger(token))) return undefined;
  const total = stepsOf(isObject(params.arguments) ? params.arguments : {});
  const values = Array.from({ length: total }, (_, index) => index + 1);
  // progress-backwards: the same steps, counted down.
  if (isBroken(config, 'progress-backwards')) values.reverse();
  const notifications = values.map((progress): JsonRpcNotification => ({
    jsonrpc: '2.0',
    method: 'notifications/progress',
    params: { progressToken: token, progress, total, message: `step ${progress} of ${total}` },
  }));
  const late = isBroken(config, 'progress-after-response') || isBroken(config, 'progress-late') ? notifications.splice(-1) : [];
  // progress-late: the last step is reported a step after the response, as work left running would.
  return { steps: notifications, stepMs: STEP_MS, after: late, ...(isBroken(config, 'progress-late') ? { afterMs: STEP_MS } : {}) };
}

function stepsOf(args: JsonObject): number {
  return typeof args.steps === 'number' ? args.steps : 4;
}

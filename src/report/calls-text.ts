/** A sample's tool calls on one line, for the formats that have no room for a whole trajectory. */

import type { EvalCaseResult, EvalToolCall } from './model.js';

/** `get_weather {"city":"Paris"}`, with `(refused)` or `(error)` when the call did not serve. */
export function callText(call: EvalToolCall): string {
  const note = call.refused ? ' (refused)' : call.isError ? ' (error)' : '';
  return `${call.name} ${JSON.stringify(call.arguments)}${note}`;
}

/** What the first run that did not pass called, in order; `no tool` when it called none. */
export function firstFailingCalls(c: EvalCaseResult): string {
  const sample = c.trajectories.find((t) => t.status !== 'pass');
  if (!sample) return '';
  return sample.calls.length === 0 ? 'no tool' : sample.calls.map(callText).join(' → ');
}

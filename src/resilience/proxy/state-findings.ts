/**
 * The server's side of the MRTR retry faults, read from the proxy's events: a retry the proxy
 * altered and the server still completed is a failure of M4 (state it did not issue for this call
 * was trusted) or of M5 (it finished without the answers it had asked for).
 */

import type { FaultKind, ProxyEvent, ServerReaction, StateFinding } from '../../report/model.js';

const ALTERATION: Partial<Record<FaultKind, string>> = {
  'drop-request-state': 'without its requestState',
  'tamper-request-state': 'whose requestState had one character altered',
  'replay-request-state': 'carrying a requestState issued for another call',
  'strip-input-responses': 'stripped of the inputResponses it had asked for',
};

const REFUSAL: Record<Exclude<ServerReaction, 'completed'>, string> = {
  error: 'refused it with an error',
  'input-required': 'asked again with a fresh input_required',
};

export function stateFindingsOf(events: readonly ProxyEvent[]): StateFinding[] {
  const findings: StateFinding[] = [];
  for (const event of events) {
    const alteration = event.fault === undefined ? undefined : ALTERATION[event.fault];
    if (alteration === undefined || event.serverReaction === undefined || event.fault === undefined) continue;
    const tool = event.tool ?? '(unnamed tool)';
    const completed = event.serverReaction === 'completed';
    const message = completed
      ? `${tool}: the server completed a retry ${alteration}; it must refuse it (an error or a fresh input_required)`
      : `${tool}: the server ${REFUSAL[event.serverReaction as Exclude<ServerReaction, 'completed'>]} when the retry came ${alteration}`;
    findings.push({
      seq: event.seq,
      tool,
      fault: event.fault,
      reaction: event.serverReaction,
      status: completed ? 'fail' : 'pass',
      message,
    });
  }
  return findings;
}

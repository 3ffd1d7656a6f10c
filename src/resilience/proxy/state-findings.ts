/**
 * The server's side of the MRTR retry faults, read from the proxy's events: a retry the proxy
 * altered and the server still completed breaks M4 (state it did not issue for this call was
 * trusted) or M5 (it finished without the answers it had asked for).
 */

import type { FaultKind, ProxyEvent, ServerReaction, StateFinding } from '../../report/model.js';

/**
 * What each fault did to the retry, and the status of completing it anyway: state that fails
 * verification must be rejected (M4, MUST); binding state to the call (M4) and asking again for
 * missing answers (M5) are SHOULDs, as in the layer 0 checks of the same rules.
 */
const ALTERATION: Partial<Record<FaultKind, { what: string; completed: 'fail' | 'warn' }>> = {
  'drop-request-state': { what: 'without its requestState', completed: 'warn' },
  'tamper-request-state': { what: 'whose requestState had one character altered', completed: 'fail' },
  'replay-request-state': { what: 'carrying a requestState issued for another call', completed: 'warn' },
  'strip-input-responses': { what: 'stripped of the inputResponses it had asked for', completed: 'warn' },
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
    const refusal = REFUSAL[event.serverReaction as Exclude<ServerReaction, 'completed'>];
    const message = completed
      ? `${tool}: the server completed a retry ${alteration.what}; it ${alteration.completed === 'fail' ? 'must' : 'should'} refuse it (an error or a fresh input_required)`
      : `${tool}: given a retry ${alteration.what}, the server ${refusal}`;
    const status = completed ? alteration.completed : 'pass';
    findings.push({ seq: event.seq, tool, fault: event.fault, reaction: event.serverReaction, status, message });
  }
  return findings;
}

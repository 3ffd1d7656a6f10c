/**
 * mrtr.capability-gating (basic/patterns/mrtr M3): a request re-issued from scratch with fewer
 * client capabilities than it asked for must either be refused with -32021 or ask for nothing the
 * request did not declare.
 */

import { isRecord } from '../../shared/guards.js';
import { ErrorCode } from '../../spec/protocol.js';
import { summarizeAnswer } from '../../wire/era.js';
import { errorCodeOf, isErrorResponse } from '../../wire/jsonrpc.js';
import type { CheckDefinition } from '../check.js';
import { evidenceOf } from '../evidence.js';
import { resultOf } from './expect.js';
import { FULL_CAPABILITIES, callOnce, undeclaredAsks } from './mrtr-flow.js';
import { MRTR_SPEC, hasRequests, overSubjects } from './mrtr-subjects.js';

export const capabilityGating: Omit<CheckDefinition, 'area'> = {
  id: 'mrtr.capability-gating',
  title: 'a call re-issued without client capabilities gets -32021 or asks for nothing undeclared',
  level: 'MUST',
  spec: MRTR_SPEC,
  async run(ctx) {
    return overSubjects(
      ctx,
      hasRequests,
      'no input_required result asked for input',
      async (client, subject) => {
        for (const capabilities of narrowerCapabilities(subject.result)) {
          const exchange = await callOnce(ctx, client, subject, capabilities);
          const declared = JSON.stringify(capabilities);
          const expected = `-32021 (HTTP 400), or a result asking only for what ${declared} declares`;
          if (isErrorResponse(exchange.response)) {
            const code = errorCodeOf(exchange.response);
            if (code !== ErrorCode.MissingRequiredClientCapability)
              return {
                judged: true,
                problem: `with clientCapabilities ${declared} got ${summarizeAnswer(exchange)}, expected -32021`,
                evidence: evidenceOf(exchange, expected),
              };
            if (exchange.transport === 'http' && exchange.status !== 400)
              return {
                judged: true,
                problem: `-32021 came with HTTP ${exchange.status}, expected 400`,
                evidence: evidenceOf(exchange, expected),
              };
            continue;
          }
          const result = resultOf(exchange);
          const asked = result ? undeclaredAsks(result, capabilities) : [];
          if (asked.length > 0)
            return {
              judged: true,
              problem: `with clientCapabilities ${declared} it still asked for ${asked.join(', ')}`,
              evidence: evidenceOf(exchange, expected),
            };
        }
        return { judged: true };
      },
      {
        pass: (n) => `${n} MRTR request(s) asked only for declared input kinds when re-issued with fewer capabilities`,
        fail: 'input requested that the request did not declare',
        fix: "check the request's clientCapabilities before asking for input; answer -32021 (HTTP 400) with data.requiredCapabilities when the input is indispensable",
      },
      { shapesOnly: true },
    );
  },
};

/**
 * The capability sets a subject is re-issued with: none at all, then every capability but one of
 * the kinds it asked for, in turn (so a server that checks the wrong capability, say elicitation
 * before a sampling request, is seen), then each narrowing within a kind (sampling without tools,
 * elicitation without url or without form).
 */
export function narrowerCapabilities(result: Record<string, unknown>): Array<Record<string, unknown>> {
  const requests = isRecord(result.inputRequests) ? Object.values(result.inputRequests).filter(isRecord) : [];
  const params = (r: Record<string, unknown>): Record<string, unknown> => (isRecord(r.params) ? r.params : {});
  const elicitations = requests.filter((r) => r.method === 'elicitation/create');
  const samplings = requests.filter((r) => r.method === 'sampling/createMessage');
  const without = (kind: keyof typeof FULL_CAPABILITIES): Record<string, unknown> => {
    const rest: Record<string, unknown> = { ...FULL_CAPABILITIES };
    delete rest[kind];
    return rest;
  };
  const sets: Array<Record<string, unknown>> = [{}];
  if (elicitations.length > 0) sets.push(without('elicitation'));
  if (samplings.length > 0) sets.push(without('sampling'));
  if (requests.some((r) => r.method === 'roots/list')) sets.push(without('roots'));
  if (samplings.some((r) => 'tools' in params(r) || 'toolChoice' in params(r))) sets.push({ ...FULL_CAPABILITIES, sampling: {} });
  if (elicitations.some((r) => params(r).mode === 'url')) sets.push({ ...FULL_CAPABILITIES, elicitation: {} });
  if (elicitations.some((r) => params(r).mode !== 'url')) sets.push({ ...FULL_CAPABILITIES, elicitation: { url: {} } });
  return sets;
}

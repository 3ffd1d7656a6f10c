/**
 * The MRTR rules judged over everything the server sent during the run (basic/patterns/mrtr): the
 * shape of every input_required result, and no use of the URL-elicitation completion this revision
 * removed.
 */

import type { Evidence } from '../../report/model.js';
import { isRecord } from '../../shared/guards.js';
import { pass, skip, violated, type CheckDefinition } from '../check.js';
import { evidenceOf, valueEvidence } from '../evidence.js';
import { allServerMessages, auditedResults } from './audit.js';
import { isInputRequired, mrtrRun, noSubjectReason } from './mrtr-flow.js';
import { MAX_EVIDENCE, MRTR_SPEC } from './mrtr-subjects.js';

export const inputRequiredShape: Omit<CheckDefinition, 'area'> = {
  id: 'mrtr.input-required-shape',
  title: 'an input_required result carries inputRequests or requestState, each request a {method, params} of a known kind',
  level: 'MUST',
  spec: MRTR_SPEC,
  phase: 'audit',
  async run(ctx) {
    const interim = auditedResults(ctx).filter(({ result }) => isInputRequired(result));
    if (interim.length === 0) return skip(noSubjectReason(await mrtrRun(ctx)));
    const problems: string[] = [];
    const evidence: Evidence[] = [];
    for (const { exchange, result } of interim) {
      const found = shapeProblems(result);
      if (found.length === 0) continue;
      problems.push(...found);
      if (evidence.length < MAX_EVIDENCE)
        evidence.push(evidenceOf(exchange, 'inputRequests and/or requestState; requests without id or jsonrpc'));
    }
    if (problems.length > 0)
      return violated(
        `${evidence.length} input_required result(s) are malformed: ${[...new Set(problems)].join('; ')}`,
        evidence,
        'send at least one of inputRequests and requestState; each input request is {method, params} with method elicitation/create, sampling/createMessage or roots/list',
      );
    return pass(`${interim.length} input_required result(s) carry inputRequests or requestState of the right shape`);
  },
};

export const removedElicitation: Omit<CheckDefinition, 'area'> = {
  id: 'mrtr.removed-elicitation',
  title: 'no notifications/elicitation/complete and no elicitationId (removed in this revision)',
  level: 'MUST',
  spec: MRTR_SPEC,
  phase: 'audit',
  async run(ctx) {
    const notifications = allServerMessages(ctx).filter(
      (m) => isRecord(m) && m.method === 'notifications/elicitation/complete' && !('id' in m),
    );
    const withId = auditedResults(ctx).filter(({ result }) => elicitationIds(result));
    if (notifications.length === 0 && withId.length === 0)
      return pass(
        'no notifications/elicitation/complete and no URL elicitation with an elicitationId (-32042 is judged by errors.renumbered-codes)',
      );
    const evidence = [
      ...notifications.slice(0, MAX_EVIDENCE).map((m) => valueEvidence('server notification', m, 'nothing: removed in 2026-07-28')),
      ...withId.slice(0, MAX_EVIDENCE).map(({ exchange }) => evidenceOf(exchange, 'URL elicitation without elicitationId')),
    ];
    return violated(
      `the server used URL-elicitation completion, removed in this revision: ${notifications.length} notifications/elicitation/complete, ${withId.length} elicitationId(s)`,
      evidence,
      'drop notifications/elicitation/complete and elicitationId: the client retries the call once the user is done',
    );
  },
};

function shapeProblems(result: Record<string, unknown>): string[] {
  if (!('inputRequests' in result) && !('requestState' in result)) return ['neither inputRequests nor requestState'];
  if (!('inputRequests' in result)) return [];
  if (!isRecord(result.inputRequests)) return ['inputRequests is not an object keyed by request id'];
  const problems: string[] = [];
  for (const [key, request] of Object.entries(result.inputRequests)) {
    if (!isRecord(request)) problems.push(`inputRequests.${key} is not an object`);
    else if ('id' in request || 'jsonrpc' in request) problems.push(`inputRequests.${key} carries id or jsonrpc`);
    else if (!['elicitation/create', 'sampling/createMessage', 'roots/list'].includes(String(request.method)))
      problems.push(`inputRequests.${key} has method ${JSON.stringify(request.method)}`);
  }
  return problems;
}

function elicitationIds(result: Record<string, unknown>): boolean {
  if (!isInputRequired(result) || !isRecord(result.inputRequests)) return false;
  return Object.values(result.inputRequests).some(
    (request) =>
      isRecord(request) && request.method === 'elicitation/create' && isRecord(request.params) && 'elicitationId' in request.params,
  );
}

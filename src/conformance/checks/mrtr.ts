/**
 * Multi round-trip requests (basic/patterns/mrtr, checklist M2-M8). The subjects are the safe tool
 * calls, resource reads and prompt gets that answered input_required (see mrtr-flow.ts); each check re-issues them with one thing changed
 * and judges the answer. With no subject every check skips, naming how to provide one.
 */

import type { Evidence } from '../../report/model.js';
import { ErrorCode } from '../../spec/protocol.js';
import { isRecord } from '../../shared/guards.js';
import { errorCodeOf, isErrorResponse } from '../../wire/jsonrpc.js';
import { summarizeAnswer } from '../../wire/era.js';
import { defineChecks, pass, skip, violated } from '../check.js';
import { alternativeArguments } from '../sample-arguments.js';
import { evidenceOf, valueEvidence } from '../evidence.js';
import { allServerMessages, auditedResults } from './audit.js';
import { MAX_EVIDENCE, hasRequests, hasState, overSubjects } from './mrtr-subjects.js';

export { pickSubjects, shapeOf } from './mrtr-subjects.js';
import { resultOf } from './expect.js';
import {
  FULL_CAPABILITIES,
  answerFields,
  callOnce,
  freshFirstRound,
  isCompletedResult,
  isInputRequired,
  mrtrRun,
  noSubjectReason,
  undeclaredAsks,
  type MrtrSubject,
} from './mrtr-flow.js';

/** Rounds one flow is followed for at most: a server may ask again forever. */
const MAX_FOLLOWED_ROUNDS = 8;
/** Flows followed to the end by mrtr.follow-through. */
const FOLLOWED_SUBJECTS = 12;
const SPEC = 'basic/patterns/mrtr';

/** Replaces one character with another of the same base64url alphabet that differs in its high bits. */
export function tamper(state: string, index: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  const at = Math.max(0, Math.min(index, state.length - 1));
  const position = alphabet.indexOf(state[at] ?? '');
  const replacement = position >= 0 ? alphabet[position ^ 32]! : state[at] === 'A' ? 'B' : 'A';
  return `${state.slice(0, at)}${replacement}${state.slice(at + 1)}`;
}

const mrtrRules = defineChecks('mrtr', [
  {
    id: 'mrtr.input-required-shape',
    title: 'an input_required result carries inputRequests or requestState, each request a {method, params} of a known kind',
    level: 'MUST',
    spec: SPEC,
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
  },
  {
    id: 'mrtr.capability-gating',
    title: 'a call re-issued without client capabilities gets -32021 or asks for nothing undeclared',
    level: 'MUST',
    spec: SPEC,
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
  },
  {
    id: 'mrtr.state-tampered',
    title: 'a retry with an altered requestState is rejected or asked again, never completed',
    level: 'MUST',
    spec: SPEC,
    async run(ctx) {
      return overSubjects(
        ctx,
        hasState,
        'no input_required result carried a requestState',
        async (client, subject) => {
          const first = await freshFirstRound(ctx, client, subject);
          if (!isInputRequired(first.result) || typeof first.result.requestState !== 'string') return { judged: false };
          const fields = answerFields(first.result);
          const state = first.result.requestState;
          for (const index of [0, state.length - 1, Math.floor(state.length / 2)]) {
            const exchange = await callOnce(ctx, client, subject, FULL_CAPABILITIES, { ...fields, requestState: tamper(state, index) });
            if (isCompletedResult(resultOf(exchange)))
              return {
                judged: true,
                problem: `completed the call with a requestState altered at character ${index + 1}`,
                evidence: evidenceOf(exchange, 'an error or a fresh input_required for a state that fails verification'),
              };
          }
          return { judged: true };
        },
        {
          pass: (n) => `${n} MRTR request(s) refused an altered requestState`,
          fail: 'a tampered requestState was accepted',
          fix: 'integrity-protect requestState (HMAC or AEAD) and reject any state that fails verification',
        },
      );
    },
  },
  {
    id: 'mrtr.state-bound',
    title: 'a requestState issued for one call does not complete a call with other arguments (tools/call, prompts/get)',
    level: 'SHOULD',
    spec: SPEC,
    async run(ctx) {
      return overSubjects(
        ctx,
        (subject) => hasState(subject) && otherArguments(subject) !== undefined,
        'no MRTR tool call or prompt get with a requestState has arguments mcpgate could change within its schema',
        async (client, subject) => {
          const args = otherArguments(subject)!;
          // The other arguments alone must be accepted: a call refused by input validation says nothing about the state.
          const alone = await callOnce(ctx, client, subject, FULL_CAPABILITIES, { args });
          const aloneResult = resultOf(alone);
          if (!aloneResult || aloneResult.isError === true)
            return {
              judged: false,
              note: `${subject.label} refused the other arguments ${JSON.stringify(args)} on their own (${summarizeAnswer(alone)}), so a refusal of the replay would prove nothing`,
            };
          const first = await freshFirstRound(ctx, client, subject);
          if (!isInputRequired(first.result) || typeof first.result.requestState !== 'string') return { judged: false };
          const exchange = await callOnce(ctx, client, subject, FULL_CAPABILITIES, { ...answerFields(first.result), args });
          if (isCompletedResult(resultOf(exchange)))
            return {
              judged: true,
              problem: `the state of a call with ${JSON.stringify(subject.args)} completed a call with ${JSON.stringify(args)}`,
              evidence: evidenceOf(exchange, 'an error or a fresh input_required: the state belongs to other arguments'),
            };
          return { judged: true };
        },
        {
          pass: (n) => `${n} MRTR request(s) refused a requestState replayed with other arguments`,
          fail: 'requestState is not bound to the originating request',
          fix: 'bind requestState to the method and parameters it was issued for (and a principal and expiry where it matters)',
        },
      );
    },
  },
  {
    id: 'mrtr.missing-responses',
    title: 'a retry without the required inputResponses gets a new input_required, not an error',
    level: 'SHOULD',
    spec: SPEC,
    async run(ctx) {
      return overSubjects(
        ctx,
        hasRequests,
        'no input_required result asked for input',
        async (client, subject) => {
          const first = await freshFirstRound(ctx, client, subject);
          if (!isInputRequired(first.result) || !isRecord(first.result.inputRequests)) return { judged: false };
          const { requestState } = answerFields(first.result);
          const exchange = await callOnce(ctx, client, subject, FULL_CAPABILITIES, { requestState, inputResponses: {} });
          if (isErrorResponse(exchange.response) || exchange.error)
            return {
              judged: true,
              problem: `a retry with empty inputResponses got ${summarizeAnswer(exchange)}`,
              evidence: evidenceOf(exchange, 'a new input_required result asking again'),
            };
          return { judged: true };
        },
        {
          pass: (n) => `${n} MRTR request(s) asked again when the retry carried no inputResponses`,
          fail: 'missing inputResponses were answered with an error',
          fix: 'when required inputResponses are missing, answer a new InputRequiredResult instead of an error',
        },
      );
    },
  },
  {
    id: 'mrtr.extra-responses',
    title: 'unknown keys in inputResponses are ignored',
    level: 'SHOULD',
    spec: SPEC,
    async run(ctx) {
      return overSubjects(
        ctx,
        () => true,
        'no input_required result to answer',
        async (client, subject) => {
          const first = await freshFirstRound(ctx, client, subject);
          if (!isInputRequired(first.result)) return { judged: false };
          const fields = answerFields(first.result);
          const inputResponses = { ...fields.inputResponses, 'mcpgate-unrequested': { action: 'cancel' } };
          const exchange = await callOnce(ctx, client, subject, FULL_CAPABILITIES, { ...fields, inputResponses });
          if (isErrorResponse(exchange.response) || exchange.error)
            return {
              judged: true,
              problem: `a retry with one extra inputResponses key got ${summarizeAnswer(exchange)}`,
              evidence: evidenceOf(exchange, 'the same answer as without the extra key'),
            };
          return { judged: true };
        },
        {
          pass: (n) => `${n} MRTR request(s) ignored an inputResponses key they never asked for`,
          fail: 'an unknown inputResponses key was refused',
          fix: 'ignore inputResponses keys that match no input request',
        },
      );
    },
  },
  {
    id: 'mrtr.malformed-responses',
    title: 'malformed inputResponses get a JSON-RPC error, not a completed call',
    level: 'SHOULD',
    spec: SPEC,
    async run(ctx) {
      return overSubjects(
        ctx,
        hasRequests,
        'no input_required result asked for input',
        async (client, subject) => {
          const first = await freshFirstRound(ctx, client, subject);
          if (!isInputRequired(first.result) || !isRecord(first.result.inputRequests)) return { judged: false };
          const inputResponses = Object.fromEntries(Object.keys(first.result.inputRequests).map((key) => [key, 'not an answer']));
          const exchange = await callOnce(ctx, client, subject, FULL_CAPABILITIES, { ...answerFields(first.result), inputResponses });
          const result = resultOf(exchange);
          if (isErrorResponse(exchange.response) || result?.isError === true) return { judged: true };
          return {
            judged: true,
            problem: `inputResponses of plain strings got ${summarizeAnswer(exchange)}`,
            evidence: evidenceOf(exchange, 'a JSON-RPC error such as -32602'),
          };
        },
        {
          pass: (n) => `${n} MRTR request(s) refused inputResponses that are not answers`,
          fail: 'malformed inputResponses were not refused',
          fix: 'validate each inputResponses value against the result type of its request and answer -32602 when it does not fit',
        },
      );
    },
  },
  {
    id: 'mrtr.follow-through',
    title: 'an input_required flow answered round after round ends in a result, however many rounds and input requests it takes',
    level: 'SHOULD',
    spec: SPEC,
    async run(ctx) {
      return overSubjects(
        ctx,
        () => true,
        'no input_required result to follow',
        async (client, subject) => {
          let round = await freshFirstRound(ctx, client, subject);
          let rounds = 1;
          let requests = 0;
          while (isInputRequired(round.result)) {
            if (rounds > MAX_FOLLOWED_ROUNDS)
              return {
                judged: false,
                note: `${subject.label} still asked for input after ${MAX_FOLLOWED_ROUNDS} rounds (mcpgate's cap on one flow)`,
              };
            requests += isRecord(round.result.inputRequests) ? Object.keys(round.result.inputRequests).length : 0;
            const exchange = await callOnce(ctx, client, subject, FULL_CAPABILITIES, answerFields(round.result));
            round = { exchange, result: resultOf(exchange) };
            rounds++;
          }
          if (!round.result)
            return {
              judged: true,
              problem: `after ${rounds - 1} answered round(s) (${requests} input request(s)) the call got ${summarizeAnswer(round.exchange)}`,
              evidence: evidenceOf(round.exchange, 'a final result (or an isError result), the answers having been given'),
            };
          return { judged: true };
        },
        {
          pass: (n) => `${n} MRTR flow(s) answered to the end finished with a result`,
          fail: 'an answered flow ended in an error',
          fix: "finish the request once every round has been answered; keep each round's answers in the requestState of the next",
        },
        // How many rounds a flow takes shows only when it is followed, so more of them are.
        { limit: FOLLOWED_SUBJECTS },
      );
    },
  },
  {
    id: 'mrtr.fresh-connection-retry',
    title: 'a retry with a new id over a fresh connection is served',
    level: 'SHOULD',
    spec: SPEC,
    transports: ['http'],
    async run(ctx) {
      return overSubjects(
        ctx,
        hasState,
        'no input_required result carried a requestState',
        async (client, subject) => {
          const first = await freshFirstRound(ctx, client, subject);
          if (!isInputRequired(first.result)) return { judged: false };
          const fresh = await ctx.newClient();
          const exchange = await callOnce(ctx, fresh, subject, FULL_CAPABILITIES, answerFields(first.result));
          if (isErrorResponse(exchange.response) || exchange.error)
            return {
              judged: true,
              problem: `the retry over a new connection got ${summarizeAnswer(exchange)}`,
              evidence: evidenceOf(exchange, 'the same answer as on the first connection: the retry stands alone'),
            };
          return { judged: true };
        },
        {
          pass: (n) => `${n} MRTR retry(s) over a fresh connection were served`,
          fail: 'a retry over a fresh connection failed',
          fix: 'keep everything a retry needs in requestState, not in the connection',
        },
      );
    },
  },
  {
    id: 'mrtr.removed-elicitation',
    title: 'no notifications/elicitation/complete and no elicitationId (removed in this revision)',
    level: 'MUST',
    spec: SPEC,
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
  },
]);

/** Every MRTR check waits for the subject search: it starts as soon as the lists are read. */
export const mrtrChecks = mrtrRules.map((check) => ({ ...check, prepare: mrtrRun }));

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

/**
 * Other arguments for the subject that its own schema still accepts: for a tool, another value of
 * one property within its inputSchema (an enum's other member, another string matching the
 * pattern); for a prompt, whose arguments are free strings, the first one changed. Undefined when
 * there is nothing to change (a resource read has no arguments).
 */
function otherArguments(subject: MrtrSubject): Record<string, unknown> | undefined {
  const args = subject.args ?? {};
  if (subject.tool) {
    const other = alternativeArguments(subject.tool.inputSchema ?? { type: 'object' }, args);
    return other.ok ? other.args : undefined;
  }
  const name = Object.keys(args).find((key) => typeof args[key] === 'string');
  return name === undefined ? undefined : { ...args, [name]: `${String(args[name])} other` };
}

function elicitationIds(result: Record<string, unknown>): boolean {
  if (!isInputRequired(result) || !isRecord(result.inputRequests)) return false;
  return Object.values(result.inputRequests).some(
    (request) =>
      isRecord(request) && request.method === 'elicitation/create' && isRecord(request.params) && 'elicitationId' in request.params,
  );
}

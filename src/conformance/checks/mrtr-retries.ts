/**
 * The MRTR retry rules (basic/patterns/mrtr, checklist M4-M8) as data: each row says which subjects
 * it applies to, how the retry differs from the answer mcpgate would give, what the answer to it must
 * not be, and how a finding is worded. One skeleton, judgeRetries, runs every row: a fresh first
 * round, then the row's retries one at a time until one is answered wrongly.
 */

import type { Level } from '../../report/model.js';
import { isRecord } from '../../shared/guards.js';
import { summarizeAnswer } from '../../wire/era.js';
import type { Exchange } from '../../wire/exchange.js';
import { isErrorResponse } from '../../wire/jsonrpc.js';
import type { ModernClient } from '../../wire/modern-client.js';
import type { CheckDefinition } from '../check.js';
import type { CheckContext } from '../context.js';
import { evidenceOf } from '../evidence.js';
import { alternativeArguments } from '../sample-arguments.js';
import { resultOf } from './expect.js';
import {
  FULL_CAPABILITIES,
  answerFields,
  callOnce,
  freshFirstRound,
  isCompletedResult,
  isInputRequired,
  type MrtrSubject,
  type RetryFields,
} from './mrtr-flow.js';
import { MRTR_SPEC, hasRequests, hasState, overSubjects, type Finding } from './mrtr-subjects.js';

/** What the answer to a retry must not be. */
export type WrongAnswer = 'completed' | 'an error' | 'not refused';

const WRONG_ANSWERS: Record<WrongAnswer, (exchange: Exchange) => boolean> = {
  completed: (exchange) => isCompletedResult(resultOf(exchange)),
  'an error': (exchange) => isErrorResponse(exchange.response) || exchange.error !== undefined,
  'not refused': (exchange) => !isErrorResponse(exchange.response) && resultOf(exchange)?.isError !== true,
};

export function isWrongAnswer(wrong: WrongAnswer, exchange: Exchange): boolean {
  return WRONG_ANSWERS[wrong](exchange);
}

/** One retry: the fields it is sent with, and the problem it names when answered wrongly (given that answer). */
export interface Retry {
  fields: RetryFields;
  problem: (answer: string) => string;
}

export interface RetryRule {
  id: string;
  title: string;
  level: Level;
  spec: string;
  transports?: ReadonlyArray<'http' | 'stdio'>;
  /** The subjects the rule is judged on, and the skip reason when none qualifies. */
  applies: (subject: MrtrSubject) => boolean;
  none: string;
  /** What the fresh first round must carry for the retries to mean anything. */
  needs?: 'requestState' | 'inputRequests';
  /** Asked before the first round: a finding (not judged, with why) when the subject cannot be judged. */
  unjudgeable?: (ctx: CheckContext, client: ModernClient, subject: MrtrSubject) => Promise<Finding | undefined>;
  /** The retries travel on a connection opened after the first round, not on its own. */
  newConnection?: boolean;
  /** The retries, in order, made from the fresh first round's input_required result. */
  retries: (first: Record<string, unknown>, subject: MrtrSubject) => Retry[];
  wrong: WrongAnswer;
  /** What the evidence of a wrong answer says was expected. */
  expected: string;
  pass: (count: number) => string;
  fail: string;
  fix: string;
}

/** Replaces one character with another of the same base64url alphabet that differs in its high bits. */
export function tamper(state: string, index: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  const at = Math.max(0, Math.min(index, state.length - 1));
  const position = alphabet.indexOf(state[at] ?? '');
  const replacement = position >= 0 ? alphabet[position ^ 32]! : state[at] === 'A' ? 'B' : 'A';
  return `${state.slice(0, at)}${replacement}${state.slice(at + 1)}`;
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

const RETRY_RULES = {
  stateTampered: {
    id: 'mrtr.state-tampered',
    title: 'a retry with an altered requestState is rejected or asked again, never completed',
    level: 'MUST',
    spec: MRTR_SPEC,
    applies: hasState,
    none: 'no input_required result carried a requestState',
    needs: 'requestState',
    retries: (first) => {
      const fields = answerFields(first);
      const state = String(first.requestState);
      return [0, state.length - 1, Math.floor(state.length / 2)].map((index) => ({
        fields: { ...fields, requestState: tamper(state, index) },
        problem: () => `completed the call with a requestState altered at character ${index + 1}`,
      }));
    },
    wrong: 'completed',
    expected: 'an error or a fresh input_required for a state that fails verification',
    pass: (n) => `${n} MRTR request(s) refused an altered requestState`,
    fail: 'a tampered requestState was accepted',
    fix: 'integrity-protect requestState (HMAC or AEAD) and reject any state that fails verification',
  },
  stateBound: {
    id: 'mrtr.state-bound',
    title: 'a requestState issued for one call does not complete a call with other arguments (tools/call, prompts/get)',
    level: 'SHOULD',
    spec: MRTR_SPEC,
    applies: (subject) => hasState(subject) && otherArguments(subject) !== undefined,
    none: 'no MRTR tool call or prompt get with a requestState has arguments mcpgate could change within its schema',
    needs: 'requestState',
    // The other arguments alone must be accepted: a call refused by input validation says nothing about the state.
    unjudgeable: async (ctx, client, subject) => {
      const args = otherArguments(subject)!;
      const alone = await callOnce(ctx, client, subject, FULL_CAPABILITIES, { args });
      const aloneResult = resultOf(alone);
      if (aloneResult && aloneResult.isError !== true) return undefined;
      return {
        judged: false,
        note: `${subject.label} refused the other arguments ${JSON.stringify(args)} on their own (${summarizeAnswer(alone)}), so a refusal of the replay would prove nothing`,
      };
    },
    retries: (first, subject) => {
      const args = otherArguments(subject)!;
      return [
        {
          fields: { ...answerFields(first), args },
          problem: () => `the state of a call with ${JSON.stringify(subject.args)} completed a call with ${JSON.stringify(args)}`,
        },
      ];
    },
    wrong: 'completed',
    expected: 'an error or a fresh input_required: the state belongs to other arguments',
    pass: (n) => `${n} MRTR request(s) refused a requestState replayed with other arguments`,
    fail: 'requestState is not bound to the originating request',
    fix: 'bind requestState to the method and parameters it was issued for (and a principal and expiry where it matters)',
  },
  missingResponses: {
    id: 'mrtr.missing-responses',
    title: 'a retry without the required inputResponses gets a new input_required, not an error',
    level: 'SHOULD',
    spec: MRTR_SPEC,
    applies: hasRequests,
    none: 'no input_required result asked for input',
    needs: 'inputRequests',
    retries: (first) => [
      {
        fields: { requestState: answerFields(first).requestState, inputResponses: {} },
        problem: (answer) => `a retry with empty inputResponses got ${answer}`,
      },
    ],
    wrong: 'an error',
    expected: 'a new input_required result asking again',
    pass: (n) => `${n} MRTR request(s) asked again when the retry carried no inputResponses`,
    fail: 'missing inputResponses were answered with an error',
    fix: 'when required inputResponses are missing, answer a new InputRequiredResult instead of an error',
  },
  extraResponses: {
    id: 'mrtr.extra-responses',
    title: 'unknown keys in inputResponses are ignored',
    level: 'SHOULD',
    spec: MRTR_SPEC,
    applies: () => true,
    none: 'no input_required result to answer',
    retries: (first) => {
      const fields = answerFields(first);
      const inputResponses = { ...fields.inputResponses, 'mcpgate-unrequested': { action: 'cancel' } };
      return [{ fields: { ...fields, inputResponses }, problem: (answer) => `a retry with one extra inputResponses key got ${answer}` }];
    },
    wrong: 'an error',
    expected: 'the same answer as without the extra key',
    pass: (n) => `${n} MRTR request(s) ignored an inputResponses key they never asked for`,
    fail: 'an unknown inputResponses key was refused',
    fix: 'ignore inputResponses keys that match no input request',
  },
  malformedResponses: {
    id: 'mrtr.malformed-responses',
    title: 'malformed inputResponses get a JSON-RPC error, not a completed call',
    level: 'SHOULD',
    spec: MRTR_SPEC,
    applies: hasRequests,
    none: 'no input_required result asked for input',
    needs: 'inputRequests',
    retries: (first) => {
      const requests = isRecord(first.inputRequests) ? first.inputRequests : {};
      const inputResponses = Object.fromEntries(Object.keys(requests).map((key) => [key, 'not an answer']));
      return [{ fields: { ...answerFields(first), inputResponses }, problem: (answer) => `inputResponses of plain strings got ${answer}` }];
    },
    wrong: 'not refused',
    expected: 'a JSON-RPC error such as -32602',
    pass: (n) => `${n} MRTR request(s) refused inputResponses that are not answers`,
    fail: 'malformed inputResponses were not refused',
    fix: 'validate each inputResponses value against the result type of its request and answer -32602 when it does not fit',
  },
  freshConnectionRetry: {
    id: 'mrtr.fresh-connection-retry',
    title: 'a retry with a new id over a fresh connection is served',
    level: 'SHOULD',
    spec: MRTR_SPEC,
    transports: ['http'],
    applies: hasState,
    none: 'no input_required result carried a requestState',
    newConnection: true,
    retries: (first) => [{ fields: answerFields(first), problem: (answer) => `the retry over a new connection got ${answer}` }],
    wrong: 'an error',
    expected: 'the same answer as on the first connection: the retry stands alone',
    pass: (n) => `${n} MRTR retry(s) over a fresh connection were served`,
    fail: 'a retry over a fresh connection failed',
    fix: 'keep everything a retry needs in requestState, not in the connection',
  },
} satisfies Record<string, RetryRule>;

/** The rows by name, each seen as a plain RetryRule. */
export const MRTR_RETRY_RULES: Record<keyof typeof RETRY_RULES, RetryRule> = RETRY_RULES;

/** The skeleton every retry rule runs on one subject. */
async function judgeRetries(ctx: CheckContext, client: ModernClient, subject: MrtrSubject, rule: RetryRule): Promise<Finding> {
  const unjudgeable = await rule.unjudgeable?.(ctx, client, subject);
  if (unjudgeable) return unjudgeable;
  const first = await freshFirstRound(ctx, client, subject);
  if (!isInputRequired(first.result) || !carries(first.result, rule.needs)) return { judged: false };
  const retryClient = rule.newConnection ? await ctx.newClient() : client;
  for (const retry of rule.retries(first.result, subject)) {
    const exchange = await callOnce(ctx, retryClient, subject, FULL_CAPABILITIES, retry.fields);
    if (isWrongAnswer(rule.wrong, exchange))
      return { judged: true, problem: retry.problem(summarizeAnswer(exchange)), evidence: evidenceOf(exchange, rule.expected) };
  }
  return { judged: true };
}

function carries(result: Record<string, unknown>, needs: RetryRule['needs']): boolean {
  if (needs === 'requestState') return typeof result.requestState === 'string';
  if (needs === 'inputRequests') return isRecord(result.inputRequests);
  return true;
}

/** The check a retry rule makes: judged on the subjects it applies to (see overSubjects). */
export function retryCheck(rule: RetryRule): Omit<CheckDefinition, 'area'> {
  const { id, title, level, spec, transports } = rule;
  return {
    id,
    title,
    level,
    spec,
    ...(transports ? { transports } : {}),
    run: (ctx) =>
      overSubjects(ctx, rule.applies, rule.none, (client, subject) => judgeRetries(ctx, client, subject, rule), {
        pass: rule.pass,
        fail: rule.fail,
        fix: rule.fix,
      }),
  };
}

import { describe, expect, it } from 'vitest';
import { mrtrChecks } from '../../../src/conformance/checks/mrtr.js';
import type { MrtrSubject } from '../../../src/conformance/checks/mrtr-flow.js';
import { MRTR_RETRY_RULES, isWrongAnswer, retryCheck, tamper, type WrongAnswer } from '../../../src/conformance/checks/mrtr-retries.js';
import type { Exchange } from '../../../src/wire/exchange.js';
import { WireError } from '../../../src/wire/errors.js';

const SPEC = 'basic/patterns/mrtr';

/** The MRTR checks as they were written one by one before the retry rules became rows: the rows must yield exactly these. */
const WRITTEN_CHECKS = [
  ['mrtr.input-required-shape', 'MUST', 'audit', undefined],
  ['mrtr.capability-gating', 'MUST', undefined, undefined],
  ['mrtr.state-tampered', 'MUST', undefined, undefined],
  ['mrtr.state-bound', 'SHOULD', undefined, undefined],
  ['mrtr.missing-responses', 'SHOULD', undefined, undefined],
  ['mrtr.extra-responses', 'SHOULD', undefined, undefined],
  ['mrtr.malformed-responses', 'SHOULD', undefined, undefined],
  ['mrtr.follow-through', 'SHOULD', undefined, undefined],
  ['mrtr.fresh-connection-retry', 'SHOULD', undefined, ['http']],
  ['mrtr.removed-elicitation', 'MUST', 'audit', undefined],
] as const;

const RETRY_TITLES: Record<string, string> = {
  'mrtr.state-tampered': 'a retry with an altered requestState is rejected or asked again, never completed',
  'mrtr.state-bound': 'a requestState issued for one call does not complete a call with other arguments (tools/call, prompts/get)',
  'mrtr.missing-responses': 'a retry without the required inputResponses gets a new input_required, not an error',
  'mrtr.extra-responses': 'unknown keys in inputResponses are ignored',
  'mrtr.malformed-responses': 'malformed inputResponses get a JSON-RPC error, not a completed call',
  'mrtr.fresh-connection-retry': 'a retry with a new id over a fresh connection is served',
};

const STATE = 'eyJyb3VuZCI6MH0.c2lnbmF0dXJl';
const FIRST = {
  resultType: 'input_required',
  inputRequests: { recipient: { method: 'elicitation/create', params: { mode: 'form', requestedSchema: { type: 'object' } } } },
  requestState: STATE,
};
const SUBJECT: MrtrSubject = {
  method: 'prompts/get',
  label: 'prompts/get brief',
  params: { name: 'brief', arguments: { topic: 'q3' } },
  args: { topic: 'q3' },
  first: undefined as never,
  result: FIRST,
};
const ANSWER = { recipient: { action: 'accept', content: {} } };

describe('the MRTR check list', () => {
  it('keeps every id, level, phase, transport and spec reference, in the same order', () => {
    expect(mrtrChecks.map((c) => [c.id, c.level, c.phase, c.transports])).toEqual(WRITTEN_CHECKS.map((row) => [...row]));
    for (const check of mrtrChecks) {
      expect(check.spec, check.id).toBe(SPEC);
      expect(check.area, check.id).toBe('mrtr');
      expect(typeof check.prepare, check.id).toBe('function');
    }
  });
});

describe('the MRTR retry rows', () => {
  const rows = Object.values(MRTR_RETRY_RULES);

  it('each yield the check they replaced: id, title, level, spec reference, transports', () => {
    expect(rows.map((row) => row.id).sort()).toEqual(Object.keys(RETRY_TITLES).sort());
    for (const row of rows) {
      const check = retryCheck(row);
      const written = WRITTEN_CHECKS.find(([id]) => id === row.id)!;
      expect({
        id: check.id,
        title: check.title,
        level: check.level,
        spec: check.spec,
        phase: check.phase,
        transports: check.transports,
      }).toEqual({
        id: written[0],
        title: RETRY_TITLES[row.id],
        level: written[1],
        spec: SPEC,
        phase: undefined,
        transports: written[3],
      });
    }
  });

  it('tamper the state at its first, last and middle character, and nothing else', () => {
    const retries = MRTR_RETRY_RULES.stateTampered.retries(FIRST, SUBJECT);
    const states = retries.map((r) => r.fields.requestState as string);
    expect(states).toEqual([tamper(STATE, 0), tamper(STATE, STATE.length - 1), tamper(STATE, Math.floor(STATE.length / 2))]);
    for (const [i, state] of states.entries()) {
      const changed = [...state].flatMap((ch, at) => (ch === STATE[at] ? [] : [at]));
      expect(changed).toEqual([[0, STATE.length - 1, Math.floor(STATE.length / 2)][i]]);
    }
    expect(retries.map((r) => r.fields.inputResponses)).toEqual([ANSWER, ANSWER, ANSWER]);
    expect(retries[1]!.problem('ignored')).toBe(`completed the call with a requestState altered at character ${STATE.length}`);
  });

  it('vary one thing each: other arguments, no answers, an extra answer, answers that are not answers, another connection', () => {
    const one = (rule: keyof typeof MRTR_RETRY_RULES) => {
      const retries = MRTR_RETRY_RULES[rule].retries(FIRST, SUBJECT);
      expect(retries, rule).toHaveLength(1);
      return retries[0]!;
    };
    expect(one('stateBound').fields).toEqual({ requestState: STATE, inputResponses: ANSWER, args: { topic: 'q3 other' } });
    expect(one('missingResponses').fields).toEqual({ requestState: STATE, inputResponses: {} });
    expect(one('extraResponses').fields).toEqual({
      requestState: STATE,
      inputResponses: { ...ANSWER, 'mcpgate-unrequested': { action: 'cancel' } },
    });
    expect(one('malformedResponses').fields).toEqual({ requestState: STATE, inputResponses: { recipient: 'not an answer' } });
    expect(one('freshConnectionRetry').fields).toEqual({ requestState: STATE, inputResponses: ANSWER });
    expect(MRTR_RETRY_RULES.freshConnectionRetry.newConnection).toBe(true);
  });

  it('word each finding as before, with the answer the retry got', () => {
    const answer = 'error -32602 (Invalid params)';
    expect(MRTR_RETRY_RULES.missingResponses.retries(FIRST, SUBJECT)[0]!.problem(answer)).toBe(
      `a retry with empty inputResponses got ${answer}`,
    );
    expect(MRTR_RETRY_RULES.extraResponses.retries(FIRST, SUBJECT)[0]!.problem(answer)).toBe(
      `a retry with one extra inputResponses key got ${answer}`,
    );
    expect(MRTR_RETRY_RULES.malformedResponses.retries(FIRST, SUBJECT)[0]!.problem(answer)).toBe(
      `inputResponses of plain strings got ${answer}`,
    );
    expect(MRTR_RETRY_RULES.freshConnectionRetry.retries(FIRST, SUBJECT)[0]!.problem(answer)).toBe(
      `the retry over a new connection got ${answer}`,
    );
    expect(MRTR_RETRY_RULES.stateBound.retries(FIRST, SUBJECT)[0]!.problem(answer)).toBe(
      'the state of a call with {"topic":"q3"} completed a call with {"topic":"q3 other"}',
    );
  });

  it('judge the answers they must not get', () => {
    expect(Object.fromEntries(rows.map((row) => [row.id, row.wrong]))).toEqual({
      'mrtr.state-tampered': 'completed',
      'mrtr.state-bound': 'completed',
      'mrtr.missing-responses': 'an error',
      'mrtr.extra-responses': 'an error',
      'mrtr.malformed-responses': 'not refused',
      'mrtr.fresh-connection-retry': 'an error',
    });
    const answers = {
      completed: answered({ result: { content: [] } }),
      'tool error': answered({ result: { content: [], isError: true } }),
      'asked again': answered({ result: FIRST }),
      'JSON-RPC error': answered({ error: { code: -32602, message: 'Invalid params' } }),
      'no answer': { ...answered({}), response: undefined, error: new WireError('timeout', 'no answer within 10 s') },
    };
    const judged = (wrong: WrongAnswer) =>
      Object.entries(answers)
        .filter(([, exchange]) => isWrongAnswer(wrong, exchange))
        .map(([name]) => name);
    expect(judged('completed')).toEqual(['completed']);
    expect(judged('an error')).toEqual(['JSON-RPC error', 'no answer']);
    expect(judged('not refused')).toEqual(['completed', 'asked again', 'no answer']);
  });
});

function answered(body: Record<string, unknown>): Exchange {
  return {
    transport: 'stdio',
    endpoint: 'server',
    sent: { body: '{}' },
    headers: {},
    bodyText: '',
    messages: [],
    response: { jsonrpc: '2.0', id: 1, ...body } as Exchange['response'],
    unparsable: [],
    timing: { startedAt: 0, durationMs: 1 },
  };
}

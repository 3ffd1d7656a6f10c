/** The MRTR keys of the golden format (`inputs`, `expect_input`) and the input scorer, as pure functions. */

import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { GoldenSetError, loadGoldenSet, parseGoldenSet } from '../../../src/behavior/golden/index.js';
import { inputReason, scoreInput, type InputProblem } from '../../../src/behavior/scorers/index.js';
import type { GoldenCase, InputExchange, TrajectoryCall } from '../../../src/behavior/types.js';

const FIXTURE = fileURLToPath(new URL('../../fixtures/golden-mrtr.yaml', import.meta.url));

function errorOf(text: string): string {
  try {
    parseGoldenSet(text, 'cases.yaml');
  } catch (error) {
    expect(error).toBeInstanceOf(GoldenSetError);
    return (error as Error).message;
  }
  throw new Error('expected a GoldenSetError, but the golden set loaded');
}

const header = ['cases:', '  - id: form', '    prompt: send it', '    expect_tool: mrtr_form_elicitation'];

describe('inputs and expect_input in a golden file', () => {
  it('loads the MRTR fixture: a bare kind, a kind with checks, scripted answers matched or in order', () => {
    const cases = new Map(loadGoldenSet(FIXTURE).cases.map((c) => [c.id, c]));
    expect(cases.get('form-accepted')).toMatchObject({
      expectInput: { kind: 'elicitation', message: 'receive', fields: ['name', 'email'] },
      inputs: [{ match: 'receive', action: 'accept', content: { name: 'Ada Lovelace', email: 'ada@example.com' } }],
    });
    expect(cases.get('form-declined')).toMatchObject({ expectInput: { kind: 'elicitation' }, inputs: [{ action: 'decline' }] });
    expect(cases.get('roots-listed')?.inputs).toBeUndefined();
  });

  it('rejects an unknown kind, an unknown action and a bad pattern, each with the line', () => {
    expect(errorOf([...header, '    expect_input: form'].join('\n'))).toMatch(/^cases\.yaml:5:\d+: case "form": .*elicitation/);
    expect(errorOf([...header, '    inputs:', '      - action: maybe'].join('\n'))).toMatch(/^cases\.yaml:6:\d+: case "form": .*accept/);
    expect(errorOf([...header, '    expect_input: { kind: elicitation, message: "(" }'].join('\n'))).toMatch(
      /^cases\.yaml:5:\d+: case "form": the pattern does not compile/,
    );
  });

  it('rejects content on a decline, fields on sampling, and expect_input on a negative case', () => {
    expect(errorOf([...header, '    inputs:', '      - { action: decline, content: { name: x } }'].join('\n'))).toContain(
      '"content" with action decline: only an accepted form sends content',
    );
    expect(errorOf([...header, '    expect_input: { kind: sampling, fields: [name] }'].join('\n'))).toContain(
      '"fields" checks an elicitation form',
    );
    expect(errorOf(['cases:', '  - id: none', '    prompt: hi', '    expect_tool: null', '    expect_input: roots'].join('\n'))).toContain(
      '"expect_input" on a negative case',
    );
  });
});

const base: GoldenCase = {
  id: 'c',
  turns: ['x'],
  expect: { kind: 'tool', tool: 't' },
  expectArgs: {},
  forbidTools: [],
  kind: 'hard',
  tags: [],
  source: 'f:1',
};
const form = (answer: string, message = 'Who should receive it?'): InputExchange => ({
  key: 'k',
  kind: 'elicitation',
  message,
  fields: ['name', 'email'],
  answer,
});
const call = (inputs: InputExchange[], isError = false): Pick<TrajectoryCall, 'name' | 'rounds' | 'isError' | 'result'> => ({
  name: 't',
  rounds: [{ inputs, requestState: true }],
  isError,
  result: isError ? 'Error: gave up' : 'done',
});

describe('the input scorer', () => {
  it('passes the expected kind asked and accepted, with matching message and fields', () => {
    const c = { ...base, expectInput: { kind: 'elicitation' as const, message: '^Who', fields: ['email'] } };
    expect(scoreInput(c, [call([form('accept')])])).toEqual({ asked: ['elicitation'], problems: [], unexpected: [], ok: true });
  });

  it('names each way it fails: none asked, wrong kind, message, fields, refusal, unfinished', () => {
    const expectElicitation = { ...base, expectInput: { kind: 'elicitation' as const } };
    expect(scoreInput(expectElicitation, [{ name: 't', isError: false, result: '' }]).problems).toEqual([
      { kind: 'missing', expected: 'elicitation' },
    ]);
    const sampled = scoreInput(expectElicitation, [call([{ key: 's', kind: 'sampling', answer: 'answered' }])]);
    expect(sampled.problems).toEqual([{ kind: 'wrong-kind', expected: 'elicitation', asked: ['sampling'] }]);
    expect(inputReason(sampled.problems[0]!)).toBe('expected the server to ask for elicitation input; it asked for sampling');
    const checked = { ...base, expectInput: { kind: 'elicitation' as const, message: 'phone', fields: ['phone', 'name'] } };
    expect(scoreInput(checked, [call([form('cancel')], true)]).problems).toEqual([
      { kind: 'message', expected: 'elicitation', pattern: 'phone', asked: ['Who should receive it?'] },
      { kind: 'fields', missing: ['phone'] },
      { kind: 'refused', action: 'cancel' },
      { kind: 'unfinished', tool: 't', result: 'Error: gave up' },
    ]);
  });

  it("a call given up at one of mcpgate's caps fails the sample, whatever the case expects", () => {
    const limit = { limit: 'input-requests' as const, tool: 't', asked: 2000, max: 16, kinds: ['sampling'] };
    const given = { name: 't', isError: true, result: 'Error: …', limit };
    const problem: InputProblem = { kind: 'limit', limit: 'input-requests', tool: 't', asked: 2000, max: 16 };
    // No expect_input: the demand is still the server's.
    expect(scoreInput(base, [given])).toEqual({ asked: ['sampling'], problems: [problem], unexpected: ['sampling'], ok: false });
    // The expected kind was asked, in the refused round: the limit alone, not "asked for none".
    const expectSampling = { ...base, expectInput: { kind: 'sampling' as const, message: '^Summarise' } };
    expect(scoreInput(expectSampling, [given]).problems).toEqual([problem]);
    // A round cap after answered rounds: the limit, not also "unfinished".
    const rounds = { ...call([form('accept')], true), limit: { ...limit, limit: 'rounds' as const, asked: 2, max: 1, kinds: [] } };
    expect(scoreInput({ ...base, expectInput: { kind: 'elicitation' } }, [rounds]).problems).toEqual([
      { kind: 'limit', limit: 'rounds', tool: 't', asked: 2, max: 1 },
    ]);
    expect(inputReason(problem)).toBe(
      't asked for 2000 inputs in one round; mcpgate answers at most 16 (--max-input-requests, eval.max_input_requests); the call was given up',
    );
  });

  it('notes input a case did not expect without failing it', () => {
    expect(scoreInput(base, [call([form('decline')])])).toEqual({
      asked: ['elicitation'],
      problems: [],
      unexpected: ['elicitation'],
      ok: true,
    });
  });
});

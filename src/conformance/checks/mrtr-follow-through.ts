/**
 * mrtr.follow-through (basic/patterns/mrtr): a flow answered round after round, the way mcpgate
 * always answers, ends in a result however many rounds and input requests it takes.
 */

import { isRecord } from '../../shared/guards.js';
import { summarizeAnswer } from '../../wire/era.js';
import type { CheckDefinition } from '../check.js';
import { evidenceOf } from '../evidence.js';
import { resultOf } from './expect.js';
import { FULL_CAPABILITIES, answerFields, callOnce, freshFirstRound, isInputRequired } from './mrtr-flow.js';
import { MRTR_SPEC, overSubjects } from './mrtr-subjects.js';

/** Rounds one flow is followed for at most: a server may ask again forever. */
const MAX_FOLLOWED_ROUNDS = 8;
/** Flows followed to the end by mrtr.follow-through. */
const FOLLOWED_SUBJECTS = 12;

export const followThrough: Omit<CheckDefinition, 'area'> = {
  id: 'mrtr.follow-through',
  title: 'an input_required flow answered round after round ends in a result, however many rounds and input requests it takes',
  level: 'SHOULD',
  spec: MRTR_SPEC,
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
};

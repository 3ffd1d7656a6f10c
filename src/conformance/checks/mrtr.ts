/**
 * Multi round-trip requests (basic/patterns/mrtr, checklist M2-M8). The subjects are the safe tool
 * calls, resource reads and prompt gets that answered input_required (see mrtr-flow.ts); each check
 * re-issues them with one thing changed and judges the answer. With no subject every check skips,
 * naming how to provide one. The retry rules are rows of one table (mrtr-retries.ts); gating,
 * follow-through and the two audits have files of their own.
 */

import { defineChecks } from '../check.js';
import { inputRequiredShape, removedElicitation } from './mrtr-audits.js';
import { capabilityGating } from './mrtr-capability-gating.js';
import { mrtrRun } from './mrtr-flow.js';
import { followThrough } from './mrtr-follow-through.js';
import { MRTR_RETRY_RULES, retryCheck } from './mrtr-retries.js';

export { narrowerCapabilities } from './mrtr-capability-gating.js';
export { tamper } from './mrtr-retries.js';
export { pickSubjects, shapeOf } from './mrtr-subjects.js';

const retries = MRTR_RETRY_RULES;

const mrtrRules = defineChecks('mrtr', [
  inputRequiredShape,
  capabilityGating,
  retryCheck(retries.stateTampered),
  retryCheck(retries.stateBound),
  retryCheck(retries.missingResponses),
  retryCheck(retries.extraResponses),
  retryCheck(retries.malformedResponses),
  followThrough,
  retryCheck(retries.freshConnectionRetry),
  removedElicitation,
]);

/** Every MRTR check waits for the subject search: it starts as soon as the lists are read. */
export const mrtrChecks = mrtrRules.map((check) => ({ ...check, prepare: mrtrRun }));

/** Layer 1 scorers: pure functions from a case and the calls a model made to typed verdicts. */

export { matchArgument, type ArgMatch, type ArgMismatch } from './match-argument.js';
export { scoreArguments, type ArgIssue, type ArgumentsScore } from './score-arguments.js';
export { scoreSequence, type SequenceScore } from './score-sequence.js';
export { scoreSample, type SampleScore, type SampledCall } from './score-sample.js';
export { normalizeText } from './normalize.js';
export { semanticOverlap, SEMANTIC_THRESHOLD } from './semantic.js';
export { inputReason, scoreInput, type InputProblem, type InputScore } from './score-input.js';

/** The golden-set loader: YAML cases for layer 1, validated with positioned errors. */

export { loadGoldenSet, parseGoldenSet } from './load.js';
export { GoldenSetError } from './errors.js';
export { validateCaseTools } from './case-tools.js';
export { GOLDEN_SET_SCHEMA } from './schema.js';
export { DraftCasesError, withoutDrafts } from './drafts.js';

/** The golden-set loader: YAML cases for layer 1, validated with positioned errors. */

export { GOLDEN_FILE, GoldenSetError, loadGoldenSet, parseGoldenSet } from './load.js';
export { validateCaseTools } from './case-tools.js';
export { DraftCasesError, withoutDrafts } from './drafts.js';

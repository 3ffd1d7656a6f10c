/** Layer 2 with a model in the loop: fault scenarios, injections, and the client fixture. */

export { runFaultScenarios, type FaultRunOptions } from './run.js';
export { loadFaultsFile, parseFaultsFile, FaultsFileError } from './faults-file.js';
export { checkFaultTools } from './faults-tools.js';
export { runClientFixture, referenceServerTarget, ClientFixtureError, type ClientFixtureOptions } from './client-fixture.js';
export { HONEST_ERROR_PHRASES, inventedNumbers, admitsFailure } from './fabrication.js';
export { DEFAULT_FAULT_RUBRIC } from './verdict.js';
export type * from './types.js';
export { defaultFaults, DEFAULT_FAULTS_SOURCE } from './defaults.js';

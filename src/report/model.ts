/**
 * The Report model: the one structure every layer writes into and every renderer reads. Each section
 * is defined once, as a zod schema under contract/; the types here are derived from it, as are the
 * published JSON Schema (report-schema.ts) and the reader (json.ts).
 */

export * from './contract/common.js';
export * from './contract/target.js';
export * from './contract/checks.js';
export * from './contract/coverage.js';
export * from './contract/telemetry.js';
export * from './contract/confusion.js';
export * from './contract/paraphrases.js';
export * from './contract/eval-input.js';
export * from './contract/eval.js';
export * from './contract/chaos/scan.js';
export * from './contract/chaos/pins.js';
export * from './contract/chaos/proxy-event.js';
export * from './contract/chaos/injection.js';
export * from './contract/chaos/scenarios.js';
export * from './contract/chaos/state-findings.js';
export * from './contract/chaos/client-fixture.js';
export * from './contract/chaos.js';
export * from './contract/history.js';
export * from './contract/gate.js';
export * from './contract/bench.js';
export * from './contract/report.js';

/** The version this mcpgate writes; readers accept any 1.x (see docs/report-schema.md, Versioning). */
export { REPORT_SCHEMA_VERSION } from './constants.js';

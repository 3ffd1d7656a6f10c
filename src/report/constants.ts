/**
 * The report contract's constants as plain values, without zod: a conformance run needs the statuses
 * and the schema version, and loading the zod contract for them would cost every `check` its start-up.
 * The contract's schemas are built from these same arrays (contract/common.ts).
 */

export const STATUS_VALUES = ['pass', 'fail', 'warn', 'skip', 'error', 'not_measured'] as const;

export const REPORT_SCHEMA_VERSION = '1.0';

/**
 * The `area` of layer 2's robustness probes among a report's checks: every other check is layer 0's,
 * which every shard of a run runs (the merge tells them apart by it).
 */
export const ROBUSTNESS_AREA = 'robustness';

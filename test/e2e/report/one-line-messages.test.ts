/**
 * Messages are one line: a server's pretty-printed error (the SDK's zod issues) is flattened in a
 * check's or a case's message, and kept whole where the details belong (evidence, the sample).
 */

import { expect, it } from 'vitest';
import { caseVerdict } from '../../../src/behavior/aggregate.js';
import { toCheckResult } from '../../../src/conformance/check-result.js';
import { ALL_PROBES } from '../../../src/resilience/probes/index.js';
import { makeSample } from '../../helpers/eval-factory.js';

const ZOD_DUMP = 'Invalid tools/call request: [\n  {\n    "expected": "record",\n    "code": "invalid_type"\n  }\n]';

it('a check message quoting a multi-line server error is one line; the evidence keeps the text', () => {
  const result = toCheckResult(
    ALL_PROBES.find((probe) => probe.id === 'robust.wrong-param-types')!,
    { status: 'violated', message: `got JSON-RPC error -32602 "${ZOD_DUMP}"`, evidence: [{ received: ZOD_DUMP, expected: '-32602' }] },
    false,
    1,
  );
  expect(result.message).toBe(
    'got JSON-RPC error -32602 "Invalid tools/call request: [ { "expected": "record", "code": "invalid_type" } ]"',
  );
  expect(result.evidence[0]!.received).toBe(ZOD_DUMP);
});

it("an eval case message built from a sample's multi-line error is one line; the sample keeps it", () => {
  const sample = { ...makeSample(0, 'error'), error: ZOD_DUMP };
  const verdict = caseVerdict({
    id: 'c',
    model: 'm',
    kind: 'hard',
    tags: [],
    source: 'tasks.yaml:1',
    runs: 1,
    required: 1,
    trajectories: [sample],
  });
  expect(verdict.message).not.toMatch(/\n/);
  expect(verdict.message).toContain('Invalid tools/call request: [ { "expected": "record"');
  expect(verdict.trajectories[0]!.error).toBe(ZOD_DUMP);
});

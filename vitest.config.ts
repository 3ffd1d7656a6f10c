import { defineConfig } from 'vitest/config';
import { scaledTimeout } from './test/helpers/machine-speed.js';

/**
 * Two projects. `unit`: the files listed here, which need no build and start no child process
 * (`npm run test:unit`, well under 30 s). `e2e`: every other test file, so a new file lands there
 * unless it is added to the list; it runs the built output (dist/) against real servers.
 */
const UNIT_TESTS = [
  'test/architecture.test.ts',
  'test/baseline.test.ts',
  'test/bench-units.test.ts',
  'test/chaos-units.test.ts',
  'test/conformance-units.test.ts',
  'test/eval-trajectories.test.ts',
  'test/gate-case-set.test.ts',
  'test/gate-drift.test.ts',
  'test/gate-rules.test.ts',
  'test/golden.test.ts',
  'test/histogram.test.ts',
  'test/history.test.ts',
  'test/model-cache-off.test.ts',
  'test/models.test.ts',
  'test/mrtr-sampling.test.ts',
  'test/probe-units.test.ts',
  'test/redact.test.ts',
  'test/redacting-exporter.test.ts',
  'test/report-coverage.test.ts',
  'test/report-gate.test.ts',
  'test/report-layers-state.test.ts',
  'test/report-markdown.test.ts',
  'test/report-renderers.test.ts',
  'test/report-sarif.test.ts',
  'test/resilience-faults-file.test.ts',
  'test/sample-arguments.test.ts',
  'test/scorers.test.ts',
  'test/spec-schemas.test.ts',
  'test/unit/**/*.test.ts',
];

// Bounds against hangs, not expectations: they grow with the measured load of the machine.
const timeouts = { testTimeout: scaledTimeout(30_000), hookTimeout: scaledTimeout(30_000) };

export default defineConfig({
  test: {
    pool: 'forks',
    // End-to-end files mostly wait on the servers they start: three files at a time fit two cores.
    maxWorkers: 3,
    projects: [
      { test: { name: 'unit', include: UNIT_TESTS, ...timeouts } },
      {
        test: {
          name: 'e2e',
          include: ['test/**/*.test.ts'],
          exclude: UNIT_TESTS,
          ...timeouts,
          // At most three concurrent tests inside one file (test/broken-twins.test.ts).
          maxConcurrency: 3,
          // The files share each worker's module cache: importing mcpgate's sources anew for every
          // file cost about 25 s of a run's CPU. A file that mocks a module (vi.mock) needs its own
          // cache, so such files belong to the unit project, which keeps isolation.
          isolate: false,
        },
      },
    ],
  },
});

import { defineConfig } from 'vitest/config';
import { scaledTimeout } from './test/helpers/machine-speed.js';
import { ISOLATED_FILES } from './test/helpers/test-projects.js';

// Bounds against hangs, not expectations: they grow with the measured load of the machine.
const timeouts = { testTimeout: scaledTimeout(30_000), hookTimeout: scaledTimeout(30_000) };

/**
 * Projects by folder; the tree under each mirrors src/. `unit` (test/unit/): no build, no child
 * process (`npm run test:unit`, well under 30 s; the files that mock a module run apart, in
 * `unit-isolated`). `e2e` (test/e2e/): the built output (dist/) against real servers.
 */
export default defineConfig({
  test: {
    pool: 'forks',
    // End-to-end files mostly wait on the servers they start: three files at a time fit two cores.
    maxWorkers: 3,
    projects: [
      // The unit files share each worker's module cache too: a fresh process per file cost about 23 of
      // the unit project's 45 CPU-s.
      { test: { name: 'unit', include: ['test/unit/**/*.test.ts'], exclude: ISOLATED_FILES, isolate: false, ...timeouts } },
      { test: { name: 'unit-isolated', include: ISOLATED_FILES, ...timeouts } },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          ...timeouts,
          // At most three concurrent tests inside one file (test/e2e/conformance/broken-twins.test.ts).
          maxConcurrency: 3,
          // The files share each worker's module cache: importing mcpgate's sources anew for every
          // file cost about 25 s of a run's CPU. A file that mocks a module (vi.mock) needs its own
          // cache, so such files belong to unit-isolated (test/helpers/test-projects.ts).
          isolate: false,
        },
      },
    ],
  },
});

/**
 * Which test files need a module cache of their own. The unit and e2e projects share each worker's
 * module cache between files (vitest.config.ts); a file that replaces a module with vi.mock would
 * leak its replacement into the files after it, so it runs in the isolated project instead.
 * test/unit/test-projects.test.ts keeps this list equal to the files that mock.
 */
export const MOCKING_FILES = ['test/unit/models/cache-off.test.ts'];

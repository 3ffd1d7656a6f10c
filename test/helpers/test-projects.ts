/**
 * Which unit files need a module cache of their own. The unit and e2e projects share each worker's
 * module cache between files (vitest.config.ts), so a file must not leave behind state that changes
 * what a later file sees:
 * - a file that replaces a module with vi.mock would leak the replacement;
 * - the model layer keeps per-process state, as a command is one process: the keys a provider
 *   rejected (every verdict after it says exit 4) and the warnings given once. A file that makes
 *   model calls through a provider leaves it behind.
 * Such files run in the `unit-isolated` project. test/unit/test-projects.test.ts keeps this list equal
 * to the files that mock or import the model layer's stateful modules.
 */
export const ISOLATED_FILES = [
  'test/unit/models/cache-off.test.ts',
  'test/unit/models/providers.test.ts',
  'test/unit/shared/redact.test.ts',
];

/** The modules of src/models/ that hold per-process state, or create the model clients that write it. */
export const STATEFUL_MODEL_MODULES = ['registry', 'providers', 'ai-sdk-client', 'cache', 'rejections', 'sdk-warnings'];

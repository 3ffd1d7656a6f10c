/**
 * The defaults a run falls back on, shared by the command-line flags and mcpgate.yaml, so that
 * `mcpgate eval --runs` and `eval.runs` cannot drift apart. No heavy imports: the CLI reads these
 * while it registers its flags.
 */

import { DEFAULT_CACHE_DIR } from '../models/cache.js';

/** How long one MCP request may take. */
import { MAX_LIST_BYTES } from '../wire/pagination.js';

export const DEFAULT_TIMEOUT_MS = 10_000;

/** The largest response body accepted from the server outside the robustness probes. */
export const DEFAULT_MAX_RESPONSE_BYTES = 4 * 1024 * 1024;

/**
 * maxCalls: tool calls one layer 0 check makes on its own (a server may list thousands of read-only
 * tools); maxListItems: items (and pages) read of one list; maxListBytes: bytes of its pages. All are mcpgate's limits: a check they
 * stop says so and names the flag, and never fails the server for it.
 */
export const CHECK_DEFAULTS = { concurrency: 8, maxCalls: 20, maxListItems: 10_000, maxListBytes: MAX_LIST_BYTES } as const;

export const EVAL_DEFAULTS = {
  runs: 5,
  maxSteps: 8,
  softFloor: 0.8,
  cache: 'write',
  cacheDir: DEFAULT_CACHE_DIR,
  concurrency: 4,
  modelTimeoutMs: 60_000,
} as const;

/**
 * probeTimeoutMs: the wait for an answer to a malformed probe message. A correct server answers a
 * parse error in a few milliseconds even on a loaded machine (bench/probe-answer-time.ts measures
 * it, docs/bench.md); silence beyond this is the server ignoring the line, not being slow.
 */
export const CHAOS_DEFAULTS = { runs: 3, proxyPort: 0, clientTimeoutMs: 30_000, probeTimeoutMs: 5_000 } as const;

export const REPORT_DIR_DEFAULT = '.mcpgate/reports';

/** How long server.start's server gets to accept connections: a cold `npm start` of a TypeScript server fits. */
export const DEFAULT_START_WAIT_MS = 30_000;

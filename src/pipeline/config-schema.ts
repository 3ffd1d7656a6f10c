/**
 * The shape of mcpgate.yaml as data: every section, its keys, and what each key takes. The loader
 * walks the parsed YAML against it, so an unknown or misspelt key is named with its line and the
 * closest known key, and a wrong value says what was expected.
 */

export type ValueKind = 'string' | 'boolean' | 'positive-integer' | 'fraction' | 'string-list' | 'string-map' | 'cache-mode' | 'format-list';

export interface SectionSpec {
  doc: string;
  keys: Record<string, { kind: ValueKind; doc: string }>;
}

export const REPORT_FORMATS = ['json', 'junit', 'markdown', 'sarif', 'html'] as const;

export const CONFIG_SCHEMA: Record<string, SectionSpec> = {
  server: {
    doc: 'the server under test: exactly one of url or stdio',
    keys: {
      url: { kind: 'string', doc: 'Streamable HTTP endpoint, e.g. http://127.0.0.1:3000/mcp' },
      stdio: { kind: 'string', doc: 'command line that starts the server on stdio' },
      headers: { kind: 'string-map', doc: 'extra HTTP headers; ${VAR} is read from the environment' },
      timeout_ms: { kind: 'positive-integer', doc: 'per-request timeout' },
    },
  },
  check: {
    doc: 'layer 0 conformance (always runs)',
    keys: {
      strict: { kind: 'boolean', doc: 'SHOULD violations fail' },
      expected_failures: { kind: 'string', doc: 'file of check ids knowingly failed' },
      allow_tools: { kind: 'string-list', doc: 'non-read-only tools checks may call' },
    },
  },
  eval: {
    doc: 'layer 1 behaviour (runs when models are listed)',
    keys: {
      golden: { kind: 'string', doc: 'golden set file' },
      models: { kind: 'string-list', doc: 'provider:model ids; baseline for the lexical baseline' },
      judge: { kind: 'string', doc: 'pinned judge model' },
      base_url: { kind: 'string', doc: 'base URL for openai-compatible or ollama' },
      runs: { kind: 'positive-integer', doc: 'samples per case' },
      max_steps: { kind: 'positive-integer', doc: 'model calls per user turn' },
      soft_floor: { kind: 'fraction', doc: 'share of runs a soft case must pass' },
      cache: { kind: 'cache-mode', doc: 'off, read, write or refresh' },
      cache_dir: { kind: 'string', doc: 'response cache directory' },
      concurrency: { kind: 'positive-integer', doc: 'samples run at once' },
      prices: { kind: 'string', doc: 'price table file' },
      allow_tools: { kind: 'string-list', doc: 'destructive tools the agent may really call' },
    },
  },
  chaos: {
    doc: 'layer 2 resilience and security',
    keys: {
      enabled: { kind: 'boolean', doc: 'run the robustness probes and the static scan' },
      pins: { kind: 'string', doc: 'tool pin file (tools.lock)' },
      faults: { kind: 'string', doc: 'fault and injection scenarios (needs eval.models)' },
    },
  },
  gate: {
    doc: 'compare with the last green run',
    keys: {
      baseline: { kind: 'string', doc: 'a report file, or auto for the last green run in the history' },
      max_drop: { kind: 'fraction', doc: 'largest tolerated drop of a soft score' },
      min_samples: { kind: 'positive-integer', doc: 'fewer runs per case is inconclusive' },
    },
  },
  report: {
    doc: 'where and how results are written',
    keys: {
      dir: { kind: 'string', doc: 'report directory' },
      formats: { kind: 'format-list', doc: `any of ${REPORT_FORMATS.join(', ')}` },
    },
  },
  history: {
    doc: 'run history used by gate.baseline: auto',
    keys: { dir: { kind: 'string', doc: 'history directory' }, record: { kind: 'boolean', doc: 'append this run to the history' } },
  },
};

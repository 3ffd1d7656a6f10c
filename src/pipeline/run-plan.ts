/**
 * mcpgate.yaml turned into what each step of `mcpgate run` needs, with every input loaded on the way:
 * expected failures, golden set, prices, models and their API keys, pins, faults. The mapping from the
 * config's keys to the layers' options happens here and only here, and anything wrong stops the run
 * before layer 0 has started.
 */

import { join } from 'node:path';
import { DEFAULT_MAX_ROUNDS } from '../behavior/mrtr/follow.js';
import type { NamedCall } from '../conformance/context.js';
import { DEFAULT_HISTORY_DIR } from '../gate/history.js';
import { DEFAULT_GATE_OPTIONS } from '../gate/types.js';
import { FORMAT_NAMES, FORMATS, type OutputFiles } from '../report/formats.js';
import type { GateOptions } from '../report/model.js';
import { loadPins } from '../resilience/pins/pin-file.js';
import type { PinsRequest } from '../resilience/pins/pins.js';
import { registerSecret } from '../shared/redact.js';
import type { AuthCheckOptions } from '../conformance/auth-options.js';
import type { TokenProvider } from '../wire/credentials.js';
import type { Target } from '../wire/target.js';
import { prepareAgentChaos, type AgentChaosOptions, type PreparedAgentChaos } from './chaos-agent.js';
import { configFolder, inConfigFolder, requireConfigFiles, resolveConfigPaths } from './config-paths.js';
import type { McpgateConfig } from './config-schema.js';
import {
  CHAOS_DEFAULTS,
  CHECK_DEFAULTS,
  DEFAULT_START_WAIT_MS,
  DEFAULT_TIMEOUT_MS,
  EVAL_DEFAULTS,
  REPORT_DIR_DEFAULT,
} from './defaults.js';
import { authCheckOptions, oauthClient, oauthSettingsFor } from './credentials.js';
import { prepareEvalLayer, type PreparedEvalLayer } from './eval-layer.js';
import { expectedFailuresFrom, type ExpectedFailures } from './expected-failures.js';
import { registerHeaderSecrets } from './header-secrets.js';
import type { ModelSettings } from './models.js';
import type { ServerStart } from './server-start.js';
import { targetFrom } from './target.js';

export interface RunPlan {
  target: Target;
  /** server.start: an HTTP server the run starts first and ends last. */
  start?: ServerStart;
  /** The server's static headers and, with server.oauth, its OAuth client (one for the whole run, every layer). */
  connect: { timeoutMs: number; headers: Record<string, string>; credentials?: TokenProvider };
  check: {
    strict: boolean;
    allowTools: string[];
    calls: NamedCall[];
    expectedFailures?: ExpectedFailures;
    maxCalls: number;
    maxListItems: number;
    maxListBytes: number;
    /** The OAuth client and check.test_issuer, for the auth checks. */
    auth: AuthCheckOptions;
  };
  /** Layer 1, when models are listed. */
  eval?: PreparedEvalLayer;
  /** Layer 2, when it is enabled or pins or faults are named. */
  chaos?: { pins?: PinsRequest; agent: PreparedAgentChaos; probeTimeoutMs: number };
  /** When a baseline is named. */
  gate?: { baseline: string; options: GateOptions };
  /** The files written, by format (JSON always). */
  outputs: OutputFiles & { json: string };
  history: { dir: string; record: boolean };
}

type EvalSection = NonNullable<McpgateConfig['eval']>;

/** The models of the eval section; the judge is layer 1's alone, so layer 2 adds no judge calls to a run. */
function modelSettings(section: EvalSection, configFile: string): ModelSettings {
  return {
    models: section.models ?? [],
    baseUrl: section.base_url,
    cache: section.cache ?? EVAL_DEFAULTS.cache,
    cacheDir: section.cache_dir ?? inConfigFolder(configFile, EVAL_DEFAULTS.cacheDir),
    modelTimeoutMs: EVAL_DEFAULTS.modelTimeoutMs,
  };
}

/** The MRTR caps beside max_rounds; unset ones take the defaults of behavior/mrtr/limits.ts. */
function mrtrBudgets(section: EvalSection): Pick<AgentChaosOptions, 'maxInputRequests' | 'maxSamplingCalls' | 'maxRunSamplingCalls'> {
  return {
    maxInputRequests: section.max_input_requests,
    maxSamplingCalls: section.max_sampling_calls,
    maxRunSamplingCalls: section.max_run_sampling_calls,
  };
}

function planEval(section: EvalSection, target: Target, connect: RunPlan['connect'], configFile: string): PreparedEvalLayer | undefined {
  // The schema rejects models without a golden set; without either there is no layer 1 to run.
  if (!section.models?.length || section.golden === undefined) return undefined;
  return prepareEvalLayer({
    ...modelSettings(section, configFile),
    judge: section.judge,
    target,
    golden: section.golden,
    runs: section.runs ?? EVAL_DEFAULTS.runs,
    maxSteps: section.max_steps ?? EVAL_DEFAULTS.maxSteps,
    maxRounds: section.max_rounds ?? DEFAULT_MAX_ROUNDS,
    ...mrtrBudgets(section),
    roots: section.roots ?? [],
    softFloor: section.soft_floor ?? EVAL_DEFAULTS.softFloor,
    concurrency: section.concurrency ?? EVAL_DEFAULTS.concurrency,
    allowTools: section.allow_tools ?? [],
    headers: connect.headers,
    ...(connect.credentials ? { credentials: connect.credentials } : {}),
    timeoutMs: connect.timeoutMs,
    prices: section.prices,
    allowDrafts: section.allow_drafts ?? false,
    descriptions: section.descriptions,
  });
}

function planChaos(config: McpgateConfig, connect: RunPlan['connect'], configFile: string): RunPlan['chaos'] {
  const section = config.chaos;
  if (!section?.enabled && !section?.pins && !section?.faults) return undefined;
  const evalSection = config.eval ?? {};
  return {
    ...(section.pins ? { pins: { file: section.pins, previous: loadPins(section.pins), update: false } } : {}),
    probeTimeoutMs: section.probe_timeout_ms ?? CHAOS_DEFAULTS.probeTimeoutMs,
    // With models configured, layer 2 also scores the agent: the faults file's scenarios, or built-in ones.
    agent: prepareAgentChaos({
      ...modelSettings(evalSection, configFile),
      faults: section.faults,
      runs: CHAOS_DEFAULTS.runs,
      proxyPort: CHAOS_DEFAULTS.proxyPort,
      allowTools: evalSection.allow_tools ?? [],
      callTimeoutMs: connect.timeoutMs,
      clientTimeoutMs: CHAOS_DEFAULTS.clientTimeoutMs,
      descriptions: evalSection.descriptions,
      // The agent follows input_required as layer 1's does, so both layers meet the same limits.
      maxRounds: evalSection.max_rounds ?? DEFAULT_MAX_ROUNDS,
      ...mrtrBudgets(evalSection),
      roots: evalSection.roots ?? [],
    }),
  };
}

function outputFiles(section: McpgateConfig['report'], configFile: string): RunPlan['outputs'] {
  const dir = section?.dir ?? inConfigFolder(configFile, REPORT_DIR_DEFAULT);
  const formats = section?.formats ?? [];
  const outputs: RunPlan['outputs'] = { json: join(dir, FORMATS.json.fileName) };
  for (const format of FORMAT_NAMES) if (formats.includes(format)) outputs[format] = join(dir, FORMATS[format].fileName);
  return outputs;
}

function planGate(section: McpgateConfig['gate']): RunPlan['gate'] {
  if (!section?.baseline) return undefined;
  return {
    baseline: section.baseline,
    options: {
      ...DEFAULT_GATE_OPTIONS,
      ...(section.max_drop !== undefined ? { maxDrop: section.max_drop } : {}),
      ...(section.min_samples !== undefined ? { minSamples: section.min_samples } : {}),
    },
  };
}

/**
 * `configFile`: where the config was read from. Its relative paths, and the defaults of the report,
 * history and cache folders, are taken from its folder, and the servers mcpgate starts run there.
 */
export function planRun(written: McpgateConfig, configFile: string): RunPlan {
  const { config, paths } = resolveConfigPaths(written, configFile);
  requireConfigFiles(paths, configFile);
  const folder = configFolder(configFile);
  const headers = config.server?.headers ?? {};
  registerHeaderSecrets(headers);
  // A stdio server's variables are often its credentials: no output may show them either.
  for (const value of Object.values(config.server?.env ?? {})) registerSecret(value);
  const named = targetFrom({ url: config.server?.url, stdio: config.server?.stdio, env: config.server?.env });
  const target: Target = named.kind === 'stdio' ? { ...named, cwd: folder } : named;
  const timeoutMs = config.server?.timeout_ms ?? DEFAULT_TIMEOUT_MS;
  const oauth = config.server?.oauth;
  const settings = oauthSettingsFor(
    target,
    headers,
    {
      clientId: oauth?.client_id,
      clientSecretEnv: oauth?.client_secret_env,
      refreshTokenEnv: oauth?.refresh_token_env,
      scope: oauth?.scope,
      issuer: oauth?.issuer,
    },
    'config',
  );
  const credentials = settings && target.kind === 'http' ? oauthClient(target.url, settings, timeoutMs) : undefined;
  const connect: RunPlan['connect'] = { timeoutMs, headers, ...(credentials ? { credentials } : {}) };
  const expectedFailures = expectedFailuresFrom(config.check?.expected_failures);
  const evalLayer = planEval(config.eval ?? {}, target, connect, configFile);
  const chaos = planChaos(config, connect, configFile);
  const gate = planGate(config.gate);
  const start = config.server?.start?.command
    ? { command: config.server.start.command, waitMs: config.server.start.wait_ms ?? DEFAULT_START_WAIT_MS, cwd: folder }
    : undefined;
  return {
    target,
    ...(start ? { start } : {}),
    connect,
    check: {
      strict: config.check?.strict ?? false,
      allowTools: config.check?.allow_tools ?? [],
      calls: (config.check?.calls ?? []).map((call) => ({ tool: call.tool, arguments: call.arguments ?? {} })),
      maxCalls: config.check?.max_calls ?? CHECK_DEFAULTS.maxCalls,
      maxListItems: config.check?.max_list_items ?? CHECK_DEFAULTS.maxListItems,
      maxListBytes: config.check?.max_list_bytes ?? CHECK_DEFAULTS.maxListBytes,
      expectedFailures,
      auth: authCheckOptions(
        { headers, ...(credentials ? { credentials } : {}), ...(settings ? { settings } : {}) },
        config.check?.test_issuer,
        timeoutMs,
        'check.test_issuer',
      ),
    },
    ...(evalLayer ? { eval: evalLayer } : {}),
    ...(chaos ? { chaos } : {}),
    ...(gate ? { gate } : {}),
    outputs: outputFiles(config.report, configFile),
    // With `gate.baseline: auto` a run that is not recorded can never become the baseline, so auto records
    // unless history.record says false.
    history: {
      dir: config.history?.dir ?? inConfigFolder(configFile, DEFAULT_HISTORY_DIR),
      record: config.history?.record ?? gate?.baseline === 'auto',
    },
  };
}

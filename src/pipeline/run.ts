/**
 * `mcpgate run` as a pipeline: every configured layer from one mcpgate.yaml, in order, into one report,
 * then the gate and the history. Layer 0 always runs; layer 1 (and the telemetry of layer 3) when models
 * are configured; layer 2 when it is configured. The CLI only prints what this returns.
 */

import { join } from 'node:path';
import { ALL_CHECKS, CHECK_IDS } from '../conformance/checks/index.js';
import { ExpectedFailuresError, loadExpectedFailures } from '../conformance/expected-failures.js';
import { runConformance, summarize } from '../conformance/runner.js';
import { gateAgainst, recordInHistory } from '../gate/baseline.js';
import { DEFAULT_HISTORY_DIR, readHistory } from '../gate/history.js';
import { DEFAULT_GATE_OPTIONS, type GateResult } from '../gate/types.js';
import type { CacheMode } from '../models/cache.js';
import { FORMAT_NAMES, FORMATS, writeReports, type OutputFiles } from '../report/formats.js';
import type { HistoryEntry, Report } from '../report/model.js';
import { progressReporter } from '../report/progress.js';
import { PROBE_MAX_RESPONSE_BYTES, runOfflineChaos } from '../resilience/offline.js';
import { loadPins } from '../resilience/pins/pin-file.js';
import { EXIT } from '../shared/exit-codes.js';
import { writeFileAtomic } from '../shared/files.js';
import { usageError } from '../shared/input-error.js';
import { registerSecret } from '../shared/redact.js';
import type { Target } from '../wire/target.js';
import { runAgentChaos } from './chaos-agent.js';
import { combineVerdicts } from './combine.js';
import { ConfigError, loadConfig, type McpgateConfig } from './config.js';
import { runEvalLayer } from './eval-layer.js';
import { targetFrom } from './target.js';

export interface PipelineRun {
  report: Report;
  /** Present when the config names a baseline. */
  gate?: GateResult;
  /** The files written, by format (JSON always). */
  outputs: OutputFiles;
  history: HistoryEntry[];
}

function read(config: McpgateConfig, section: keyof McpgateConfig, key: string): unknown {
  return config[section]?.[key];
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? (value as string[]) : [];
}

export async function runPipeline(configFile: string, onWarning: (warning: string) => void): Promise<PipelineRun> {
  let config: McpgateConfig;
  try {
    config = loadConfig(configFile);
  } catch (error) {
    if (error instanceof ConfigError) throw usageError(error.message);
    throw error;
  }
  const headers = (read(config, 'server', 'headers') as Record<string, string> | undefined) ?? {};
  for (const value of Object.values(headers)) registerSecret(value);
  const target: Target = targetFrom({ url: read(config, 'server', 'url') as string | undefined, stdio: read(config, 'server', 'stdio') as string | undefined });
  const timeoutMs = (read(config, 'server', 'timeout_ms') as number | undefined) ?? 10_000;
  const reportDir = (read(config, 'report', 'dir') as string | undefined) ?? '.mcpgate/reports';
  const formats = strings(read(config, 'report', 'formats'));

  const expectedFile = read(config, 'check', 'expected_failures') as string | undefined;
  let expectedFailures;
  try {
    expectedFailures = expectedFile ? { file: expectedFile, ids: loadExpectedFailures(expectedFile, CHECK_IDS) } : undefined;
  } catch (error) {
    if (error instanceof ExpectedFailuresError) throw usageError(error.message);
    throw error;
  }
  const progress = progressReporter();
  const report: Report = await runConformance({
    target,
    checks: [...ALL_CHECKS],
    strict: read(config, 'check', 'strict') === true,
    allowTools: strings(read(config, 'check', 'allow_tools')),
    expectedFailures,
    connect: { timeoutMs, maxResponseBytes: 4 * 1024 * 1024, headers },
    concurrency: 8,
    eofGraceMs: 5_000,
    onProgress: (done, total, result) => progress.update(done, total, result.id),
  });
  progress.clear();
  const verdicts = [{ layer: 'layer 0', verdict: report.verdict }];

  const models = strings(read(config, 'eval', 'models'));
  if (models.length > 0 && report.verdict.exitCode !== 3) {
    const golden = read(config, 'eval', 'golden') as string | undefined;
    if (!golden) throw usageError(`${configFile}: eval.models is set but eval.golden is not: name the golden set file`);
    const layer1 = await runEvalLayer({
      target,
      golden,
      models,
      judge: read(config, 'eval', 'judge') as string | undefined,
      baseUrl: read(config, 'eval', 'base_url') as string | undefined,
      runs: (read(config, 'eval', 'runs') as number | undefined) ?? 5,
      maxSteps: (read(config, 'eval', 'max_steps') as number | undefined) ?? 8,
      softFloor: (read(config, 'eval', 'soft_floor') as number | undefined) ?? 0.8,
      cache: ((read(config, 'eval', 'cache') as CacheMode | undefined) ?? 'write'),
      cacheDir: (read(config, 'eval', 'cache_dir') as string | undefined) ?? '.mcpgate/cache/models',
      concurrency: (read(config, 'eval', 'concurrency') as number | undefined) ?? 4,
      allowTools: strings(read(config, 'eval', 'allow_tools')),
      headers,
      timeoutMs,
      modelTimeoutMs: 60_000,
      prices: read(config, 'eval', 'prices') as string | undefined,
    });
    report.eval = layer1.outcome.report;
    report.target.fingerprint ??= layer1.outcome.fingerprint;
    verdicts.push({ layer: 'layer 1', verdict: layer1.verdict });
  }

  if (read(config, 'chaos', 'enabled') === true || read(config, 'chaos', 'pins') || read(config, 'chaos', 'faults')) {
    verdicts.push({ layer: 'layer 2', verdict: await runChaosLayer(config, report, target, { timeoutMs, headers }, models) });
    report.summary = summarize(report.checks, expectedFailures?.ids);
  }

  report.verdict = combineVerdicts(verdicts);
  const historyDir = (read(config, 'history', 'dir') as string | undefined) ?? DEFAULT_HISTORY_DIR;
  const baseline = read(config, 'gate', 'baseline') as string | undefined;
  let gate: GateResult | undefined;
  // What the history calls green: the gate passed, or (first run, nothing to compare with yet) every
  // hard rule held, so a new project can start its history instead of staying inconclusive forever.
  let green = report.verdict.exitCode === EXIT.pass;
  if (baseline) {
    // With a baseline the gate decides: hard rules on every run, soft scores against the last green
    // one. Only outcomes that left nothing to compare (unreachable, credentials, usage) still count.
    const result = gateAgainst(report, { baseline, historyDir }, {
      ...DEFAULT_GATE_OPTIONS,
      ...(read(config, 'gate', 'max_drop') !== undefined ? { maxDrop: read(config, 'gate', 'max_drop') as number } : {}),
      ...(read(config, 'gate', 'min_samples') !== undefined ? { minSamples: read(config, 'gate', 'min_samples') as number } : {}),
    }, onWarning);
    gate = result;
    const blocking = verdicts.filter((v) => [EXIT.unreachable, EXIT.missingCredentials, EXIT.usage].includes(v.verdict.exitCode as 2 | 3 | 4));
    report.verdict = combineVerdicts([...blocking, { layer: 'gate', verdict: { exitCode: result.exitCode, reason: result.reason } }]);
    const bootstrap = 'unavailable' in result.baseline && !result.findings.some((f) => f.verdict === 'fail') && blocking.length === 0;
    green = report.verdict.exitCode === EXIT.pass || bootstrap;
  }
  const outputs: OutputFiles = { json: join(reportDir, FORMATS.json.fileName) };
  for (const format of FORMAT_NAMES) if (formats.includes(format)) outputs[format] = join(reportDir, FORMATS[format].fileName);
  const history = readHistory(historyDir).entries.map((e) => e.entry);
  writeReports(report, outputs, { anchorFile: configFile, history });
  if (read(config, 'history', 'record') === true) {
    const recorded = green ? { ...report, verdict: { exitCode: EXIT.pass, reason: report.verdict.exitCode === EXIT.pass ? report.verdict.reason : `first run of its history: ${report.verdict.reason}` } } : report;
    recordInHistory(historyDir, recorded, outputs.json!);
  }
  return { report, ...(gate ? { gate } : {}), outputs, history };
}

/** Layer 2 into the run's report: probes join `checks`, the scan, pins and scenarios go to `chaos`. */
async function runChaosLayer(config: McpgateConfig, report: Report, target: Target, server: { timeoutMs: number; headers: Record<string, string> }, models: string[]): Promise<Report['verdict']> {
  const connect = { timeoutMs: server.timeoutMs, maxResponseBytes: PROBE_MAX_RESPONSE_BYTES, headers: server.headers };
  const pinsFile = read(config, 'chaos', 'pins') as string | undefined;
  const faults = read(config, 'chaos', 'faults') as string | undefined;
  if (faults && models.length === 0) throw usageError('chaos.faults needs eval.models: the scenarios run a model');
  const progress = progressReporter('probing');
  const { report: chaos, pinFile } = await runOfflineChaos({
    target,
    connect,
    allowTools: strings(read(config, 'check', 'allow_tools')),
    ...(pinsFile ? { pins: { file: pinsFile, previous: loadPins(pinsFile), update: false } } : {}),
    onProgress: (done, total, result) => progress.update(done, total, result.id),
  });
  progress.clear();
  if (pinFile !== undefined && chaos.chaos.pins) writeFileAtomic(chaos.chaos.pins.file, pinFile);
  // With models configured, layer 2 also scores the agent: the faults file's scenarios, or built-in ones.
  await runAgentChaos(chaos, { model: models, ...(faults ? { faults } : {}), runs: 3, proxyPort: 0, allowTool: strings(read(config, 'eval', 'allow_tools')), timeout: server.timeoutMs, clientTimeout: 30_000 }, target, connect);
  report.checks.push(...chaos.checks);
  report.chaos = chaos.chaos;
  return chaos.verdict;
}

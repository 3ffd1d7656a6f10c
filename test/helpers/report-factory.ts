/**
 * Reports for renderer and gate tests, built the way a run builds them: a check result repeats its
 * registered check's identity, the summary and the default verdict come from the layers' own code
 * (summarizeChecks, verdictFor, evalVerdict, offlineVerdict, combineVerdicts), and every report is
 * held to the runner's invariants before a test sees it (report-invariants.ts), so a fixture no run
 * could write fails the test that builds it.
 */

import type { EvalOutcome } from '../../src/behavior/runner.js';
import { evalVerdict } from '../../src/behavior/verdict.js';
import { summarizeChecks } from '../../src/conformance/summary.js';
import { verdictFor } from '../../src/conformance/verdict.js';
import { combineVerdicts } from '../../src/pipeline/combine.js';
import { REPORT_SCHEMA_VERSION } from '../../src/report/model.js';
import type { ChaosReport, CheckResult, Coverage, Report, Status, Verdict } from '../../src/report/model.js';
import { offlineVerdict } from '../../src/resilience/offline-verdict.js';
import { EXIT } from '../../src/shared/exit-codes.js';
import { REGISTERED } from './invariants/checks.js';
import { assertPossibleReport } from './report-invariants.js';

/** A result of the registered check `id`; its title, area, level and spec page are the definition's. */
export type CheckSpec = { id: string } & Partial<Omit<CheckResult, 'id' | 'title' | 'area' | 'level' | 'specRef' | 'expectedFailure'>>;

export function makeCheck(spec: CheckSpec): CheckResult {
  const registered = REGISTERED.get(spec.id);
  if (!registered) throw new Error(`makeCheck: ${spec.id} is no registered check or probe`);
  const { title, area, level, specRef } = registered;
  const { id, ...outcome } = spec;
  return { id, title, area, level, specRef, status: 'pass', message: 'ok', evidence: [], durationMs: 5, ...outcome };
}

/** Registered check ids of one level (and area), in registry order: for tests that need many real checks. */
export function checkIds(filter: { level?: 'MUST' | 'SHOULD'; area?: string; transport?: 'http' | 'stdio' } = {}): string[] {
  return [...REGISTERED.values()]
    .filter((c) => !c.probe)
    .filter((c) => (filter.level ? c.level === filter.level : true) && (filter.area ? c.area === filter.area : true))
    .filter((c) => !filter.transport || !c.transports || c.transports.includes(filter.transport))
    .map((c) => c.id);
}

/** The target of most fixtures: the reference server over HTTP. */
export const HTTP_TARGET: Report['target'] = {
  transport: 'http',
  endpoint: 'http://127.0.0.1:3000/mcp',
  era: 'modern',
  serverInfo: { name: 'reference-server', version: '1.2.3' },
  supportedVersions: ['2026-07-28'],
};

export interface ReportOptions {
  /** Ids listed in the expected-failures file: a failing one is tolerated, a passing one is stale. */
  expectedFailures?: string[];
  /** The file they are listed in (EXPECTED_FAILURES_FILE unless named). */
  expectedFailuresFile?: string;
  /** --strict: a violated SHOULD fails. */
  strict?: boolean;
}

export const EXPECTED_FAILURES_FILE = 'mcpgate-expected.yml';

/** What the agent part of layer 2 adds to the verdict, as pipeline/chaos-agent.ts decides it. */
function agentVerdict(chaos: ChaosReport): Verdict | undefined {
  const statuses: Status[] = [
    ...[...(chaos.agent?.scenarios ?? []), ...(chaos.agent?.injections ?? []), ...(chaos.agent?.stateFindings ?? [])].map((r) => r.status),
    ...(chaos.client ? [chaos.client.status] : []),
  ];
  if (!chaos.agent && !chaos.client) return undefined;
  if (statuses.includes('fail'))
    return { exitCode: EXIT.gateFailed, reason: `${statuses.filter((s) => s === 'fail').length} scenario(s) failed` };
  if (statuses.some((s) => s === 'error' || s === 'not_measured'))
    return { exitCode: EXIT.inconclusive, reason: 'some scenarios could not be scored' };
  return { exitCode: EXIT.pass, reason: 'every scenario passed' };
}

/** The verdict the commands write: each layer's own, and under a gate the gate's (pipeline/run.ts). */
function verdictOf(report: Omit<Report, 'verdict'>): Verdict {
  const probes = report.checks.filter((c) => REGISTERED.get(c.id)?.probe);
  const conformance = report.checks.filter((c) => !REGISTERED.get(c.id)?.probe);
  const parts: Array<{ layer: string; verdict: Verdict }> = [];
  if (conformance.length > 0 || (!report.eval && !report.chaos))
    parts.push({ layer: 'layer 0', verdict: verdictFor(report.target, conformance, report.summary) });
  if (report.eval) parts.push({ layer: 'layer 1', verdict: evalVerdict({ report: report.eval } as EvalOutcome) });
  if (report.chaos) {
    const offline = offlineVerdict({ ok: true }, probes, report.chaos);
    const agent = agentVerdict(report.chaos);
    parts.push({
      layer: 'layer 2',
      verdict: agent
        ? combineVerdicts([
            { layer: 'layer 2 probes and scan', verdict: offline },
            { layer: 'layer 2 scenarios', verdict: agent },
          ])
        : offline,
    });
  }
  const layers = parts.length === 1 ? parts[0]!.verdict : combineVerdicts(parts);
  if (!report.gate || [EXIT.unreachable, EXIT.missingCredentials].includes(layers.exitCode as 3 | 4)) return layers;
  return combineVerdicts([{ layer: 'gate', verdict: { exitCode: report.gate.exitCode, reason: report.gate.reason } }]);
}

/**
 * A report of these checks (and any other sections), as a run writes it: the expected failures marked
 * as the runner marks them, the summary counted, the verdict each layer gives unless one is named.
 * Throws when the result is a report no run writes.
 */
export function makeReport(
  checks: CheckResult[],
  sections: Partial<Omit<Report, 'checks' | 'summary'>> = {},
  options: ReportOptions = {},
): Report {
  const expected = options.expectedFailures ? new Set(options.expectedFailures) : undefined;
  const marked = checks.map((c) => (expected?.has(c.id) && c.status === 'fail' ? { ...c, expectedFailure: true } : c));
  const { verdict, ...rest } = sections;
  const report: Omit<Report, 'verdict'> = {
    schemaVersion: REPORT_SCHEMA_VERSION,
    tool: { name: 'mcpgate', version: '0.1.0' },
    startedAt: '2026-08-01T10:20:30.000Z',
    durationMs: 1234,
    target: structuredClone(HTTP_TARGET),
    checks: marked,
    summary: summarizeChecks(marked, expected),
    options: {
      strict: options.strict ?? false,
      allowTools: [],
      ...(expected ? { expectedFailuresFile: options.expectedFailuresFile ?? EXPECTED_FAILURES_FILE } : {}),
    },
    ...rest,
  };
  return assertPossibleReport({ ...report, verdict: verdict ?? verdictOf(report) } as Report);
}

/**
 * Layer 0's coverage on a server without annotations: 0 of 25 tools called (22 not annotated
 * read-only, 3 destructive), one of everything else read, with the line that says how to widen it.
 */
export function makeCoverage(overrides: Partial<Coverage> = {}): Coverage {
  const coverage: Coverage = {
    tools: {
      listed: 25,
      called: 0,
      notCalled: [
        { reason: 'not-annotated', count: 22, names: ['search', 'fetch', 'summarise', 'translate', 'lookup'] },
        { reason: 'destructive', count: 3, names: ['delete_file', 'drop_table', 'send_email'] },
      ],
    },
    resources: { listed: 1, read: 1 },
    resourceTemplates: { listed: 1, read: 0 },
    prompts: { listed: 3, got: 2 },
    mrtrSubjects: 0,
    progressSubjects: 0,
    capped: [],
    widen: 'name calls under check.calls in mcpgate.yaml, or pass --allow-tool NAME for a tool that is safe to call',
    ...overrides,
  };
  if (coverage.widen === undefined) delete coverage.widen;
  return coverage;
}

/**
 * The same run with sections added or replaced (a gate, coverage, another target), as a run that had
 * them would write it: the summary and the default verdict are worked out again, the expected failures kept.
 */
export function withSections(report: Report, sections: Partial<Omit<Report, 'checks' | 'summary'>>): Report {
  const { checks, summary, verdict: _verdict, options, ...rest } = report;
  const listed = [...checks.filter((c) => c.expectedFailure).map((c) => c.id), ...summary.staleExpectedFailures];
  return makeReport(
    checks,
    { ...rest, ...sections },
    {
      strict: options.strict,
      ...(options.expectedFailuresFile ? { expectedFailures: listed, expectedFailuresFile: options.expectedFailuresFile } : {}),
    },
  );
}

import { REPORT_SCHEMA_VERSION, STATUSES } from '../../src/report/model.js';
import type { CheckResult, ConformanceSummary, Coverage, Report, Status } from '../../src/report/model.js';

const SPEC = 'https://modelcontextprotocol.io/specification/2026-07-28';

export function makeCheck(overrides: Partial<CheckResult> & Pick<CheckResult, 'id'>): CheckResult {
  return {
    title: `title of ${overrides.id}`,
    area: overrides.id.split('.')[0] ?? 'misc',
    level: 'MUST',
    specRef: `${SPEC}/server/discover`,
    status: 'pass',
    message: 'ok',
    evidence: [],
    durationMs: 5,
    ...overrides,
  };
}

/** The summary a conformance run would compute, so renderers see counts consistent with the checks. */
export function summarize(checks: readonly CheckResult[]): ConformanceSummary {
  const byStatus = Object.fromEntries(STATUSES.map((s) => [s, 0])) as Record<Status, number>;
  for (const check of checks) byStatus[check.status] += 1;
  const failed = (c: CheckResult): boolean => c.status === 'fail' || c.status === 'warn';
  return {
    total: checks.length,
    byStatus,
    mustFailures: checks.filter((c) => c.level === 'MUST' && c.status === 'fail' && !c.expectedFailure).length,
    shouldFailures: checks.filter((c) => c.level === 'SHOULD' && failed(c)).length,
    expectedFailures: checks.filter((c) => c.expectedFailure && failed(c)).length,
    staleExpectedFailures: checks.filter((c) => c.expectedFailure && c.status === 'pass').map((c) => c.id),
  };
}

export function makeReport(checks: CheckResult[], overrides: Partial<Report> = {}): Report {
  const summary = summarize(checks);
  return {
    schemaVersion: REPORT_SCHEMA_VERSION,
    tool: { name: 'mcpgate', version: '0.1.0' },
    startedAt: '2026-08-01T10:20:30.000Z',
    durationMs: 1234,
    target: {
      transport: 'http',
      endpoint: 'http://127.0.0.1:3000/mcp',
      era: 'modern',
      serverInfo: { name: 'reference-server', version: '1.2.3' },
      supportedVersions: ['2026-07-28'],
    },
    checks,
    summary,
    verdict:
      summary.mustFailures > 0 || summary.staleExpectedFailures.length > 0
        ? { exitCode: 1, reason: 'gate failed: conformance failures' }
        : { exitCode: 0, reason: 'all MUST checks passed' },
    options: { strict: false, allowTools: [] },
    ...overrides,
  };
}

/**
 * Layer 0's coverage on a server without annotations: 0 of 25 tools called (22 not annotated
 * read-only, 3 destructive), one of everything else read, with the line that says how to widen it.
 */
export function makeCoverage(overrides: Partial<Coverage> = {}): Coverage {
  return {
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
    widen: 'name calls under check.calls in mcpgate.yaml, or pass --allow-tool NAME',
    ...overrides,
  };
}

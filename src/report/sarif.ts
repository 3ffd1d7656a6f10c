/**
 * SARIF 2.1.0 for GitHub code scanning: conformance failures and warnings (layer 0, and the layer 2
 * robustness probes, which are ordinary checks of area `robustness`), the static security scan and
 * tool-pin drift of layer 2, and failed golden cases, fault scenarios and injections (sarif-layers.ts).
 * One run, one rule per check id or finding rule.
 */

import { createHash } from 'node:crypto';
import { coverageComplete, coverageLine } from './coverage-line.js';
import { jsonText } from './json-text.js';
import type { CheckResult, Coverage, Report } from './model.js';
import { layerResults } from './sarif-layers.js';
import { isRecord } from '../shared/guards.js';

export interface SarifOptions {
  /**
   * The repository file that results about the server as a whole are anchored to. GitHub code
   * scanning rejects a whole upload when any result lacks a file location, and a black-box run has no
   * source file, so the config that names the server stands in. Default `mcpgate.yaml`.
   */
  anchorFile?: string;
}

const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';
const INFORMATION_URI = 'https://www.npmjs.com/package/mcpgate';
const FINGERPRINT_KEY = 'mcpgate/v1';

type SarifLevel = 'error' | 'warning' | 'note';

interface SarifRule {
  id: string;
  shortDescription: { text: string };
  helpUri?: string;
  properties: Record<string, unknown>;
}

interface SarifResult {
  ruleId: string;
  ruleIndex: number;
  level: SarifLevel;
  message: { text: string };
  locations: unknown[];
  partialFingerprints: Record<string, string>;
  suppressions?: Array<{ kind: 'external'; justification: string }>;
  properties?: Record<string, unknown>;
}

/** GitHub ranks security alerts by this number (0-10) on the rule. */
const SECURITY_SEVERITY: Record<string, string> = { high: '8.0', medium: '5.0', low: '2.0' };
const SEVERITY_LEVEL: Record<string, SarifLevel> = { high: 'error', medium: 'warning', low: 'note' };

export function renderSarif(report: Report, options: SarifOptions = {}): string {
  const anchor = options.anchorFile ?? 'mcpgate.yaml';
  const rules: SarifRule[] = [];
  const ruleIndex = new Map<string, number>();
  const rule = (r: SarifRule): number => {
    const known = ruleIndex.get(r.id);
    if (known !== undefined) return known;
    ruleIndex.set(r.id, rules.length);
    return rules.push(r) - 1;
  };
  const results: SarifResult[] = [];
  const endpoint = report.target.endpoint;

  for (const check of report.checks) {
    const index = rule(checkRule(check));
    if (check.status !== 'fail' && check.status !== 'warn') continue;
    const tolerated = check.expectedFailure === true;
    results.push({
      ...result(check.id, index, check.status === 'fail' ? 'error' : 'warning', checkMessage(check), location(anchor, endpoint), [
        check.id,
      ]),
      ...(tolerated && {
        suppressions: [
          { kind: 'external' as const, justification: `listed in ${report.options.expectedFailuresFile ?? 'the expected-failures file'}` },
        ],
      }),
      properties: { level: check.level, area: check.area, status: check.status },
    });
  }

  const listFile = report.options.expectedFailuresFile ?? anchor;
  for (const id of report.summary.staleExpectedFailures) {
    const index = ruleIndex.get(id) ?? rule({ id, shortDescription: { text: id }, properties: { area: 'expected-failures' } });
    const text = `${id} is listed as an expected failure but passes now; remove it from ${listFile} (a stale entry fails the run).`;
    results.push(result(id, index, 'error', text, location(listFile, id), [id, 'stale']));
  }

  for (const f of scanFindings(report)) {
    const index = rule({
      id: `scan.${f.rule}`,
      shortDescription: { text: `${f.category}: ${f.rule}` },
      properties: {
        area: 'security',
        category: f.category,
        tags: ['security', f.category],
        'security-severity': SECURITY_SEVERITY[f.severity] ?? '5.0',
      },
    });
    const where = `${f.kind} ${f.name}${f.field ? ` (${f.field})` : ''}`;
    results.push({
      ...result(
        `scan.${f.rule}`,
        index,
        SEVERITY_LEVEL[f.severity] ?? 'warning',
        `${f.message} In ${where}: ${f.match}`,
        location(anchor, f.name),
        [f.rule, f.kind, f.name, f.field],
      ),
      properties: { severity: f.severity, category: f.category },
    });
  }

  for (const change of pinDrift(report)) {
    const index = rule({
      id: `pins.${change.kind}`,
      shortDescription: { text: `a tool was ${change.kind} since it was pinned` },
      properties: { area: 'pins', tags: ['security'], 'security-severity': SECURITY_SEVERITY[change.severity] ?? '5.0' },
    });
    results.push(
      result(
        `pins.${change.kind}`,
        index,
        SEVERITY_LEVEL[change.severity] ?? 'warning',
        change.message,
        location(change.file, change.tool),
        [change.kind, change.tool],
      ),
    );
  }

  const layers = layerResults(report);
  for (const r of layers.filter((l) => l.level !== 'note')) {
    const index = rule({ id: r.ruleId, shortDescription: { text: r.title }, properties: r.ruleProperties });
    results.push({
      ...result(r.ruleId, index, r.level, r.message, location(r.file ?? anchor, r.logicalName, r.line), r.identity),
      properties: r.properties,
    });
  }

  const harnessProblems = report.checks.filter((c) => c.status === 'error' || c.status === 'not_measured');
  const log = {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'mcpgate', version: report.tool.version, informationUri: INFORMATION_URI, rules } },
        // Checks mcpgate could not judge are not findings about the server, but must not vanish either.
        invocations: [
          {
            executionSuccessful: report.verdict.exitCode <= 1,
            exitCode: report.verdict.exitCode,
            exitCodeDescription: report.verdict.reason,
            startTimeUtc: report.startedAt,
            toolExecutionNotifications: [
              ...harnessProblems.map((c) => ({
                level: c.status === 'error' ? 'error' : 'note',
                message: { text: `${c.id} ${c.status.replace('_', ' ')}: ${c.message}` },
                descriptor: { id: c.id },
              })),
              ...layers
                .filter((l) => l.level === 'note')
                .map((l) => ({
                  level: 'error',
                  message: { text: `${l.ruleId} could not be scored: ${l.message}` },
                  descriptor: { id: l.ruleId },
                })),
              ...coverageNotifications(report.coverage),
            ],
          },
        ],
        results,
        ...(report.coverage && { properties: { coverage: { line: coverageLine(report.coverage), ...report.coverage } } }),
      },
    ],
  };
  return `${jsonText(log)}\n`;
}

/**
 * What layer 0 left out is no finding about the server, so it is no result; a note-level notification
 * keeps the line where SARIF viewers list the tool's own messages (the run's properties hold the figures).
 */
function coverageNotifications(coverage: Coverage | undefined): unknown[] {
  if (coverage === undefined || coverageComplete(coverage)) return [];
  return [{ level: 'note', message: { text: coverageLine(coverage) }, descriptor: { id: 'mcpgate.coverage' } }];
}

function checkRule(check: CheckResult): SarifRule {
  return {
    id: check.id,
    shortDescription: { text: check.title },
    ...(/^https?:\/\//.test(check.specRef) && { helpUri: check.specRef }),
    properties: { level: check.level, area: check.area },
  };
}

function checkMessage(check: CheckResult): string {
  const fix = check.fix ? ` Fix: ${check.fix}` : '';
  const spec = check.specRef ? ` (${check.level}, ${check.specRef})` : ` (${check.level})`;
  return `${check.message}${fix}${spec}`;
}

function result(ruleId: string, ruleIndex: number, level: SarifLevel, text: string, where: unknown, identity: string[]): SarifResult {
  // Stable across runs (no ports, no timings), so code scanning keeps one alert per problem.
  const fingerprint = createHash('sha256').update(identity.join('\u0000')).digest('hex');
  return { ruleId, ruleIndex, level, message: { text }, locations: [where], partialFingerprints: { [FINGERPRINT_KEY]: fingerprint } };
}

/** A file GitHub can show the alert on, plus the server part (endpoint or tool) the result is about. */
function location(file: string, logicalName: string, line = 1): unknown {
  return {
    physicalLocation: { artifactLocation: { uri: fileUri(file) }, region: { startLine: line } },
    logicalLocations: [{ name: logicalName, kind: 'module' }],
  };
}

function fileUri(path: string): string {
  const slashed = path.replace(/\\/g, '/').replace(/^\.\//, '');
  const encoded = slashed.split('/').map(encodeURIComponent).join('/');
  return slashed.startsWith('/') ? `file://${encoded}` : encoded;
}

// ---------------------------------------------------------------------------------------------
// The `chaos` section is written by layer 2; it is read here through guards rather than its types,
// so a report from a newer or partial layer 2 renders what it can instead of throwing.

interface Finding {
  rule: string;
  category: string;
  severity: string;
  kind: string;
  name: string;
  field: string;
  match: string;
  message: string;
}

interface PinChange {
  file: string;
  kind: string;
  tool: string;
  severity: string;
  message: string;
}

function scanFindings(report: Report): Finding[] {
  const findings = field(field(field(report, 'chaos'), 'scan'), 'findings');
  if (!Array.isArray(findings)) return [];
  return findings.flatMap((f): Finding[] => {
    const rule = text(field(f, 'rule'));
    const message = text(field(f, 'message'));
    if (!rule || !message) return [];
    const where = field(f, 'location');
    return [
      {
        rule,
        message,
        category: text(field(f, 'category')) ?? 'unknown',
        severity: text(field(f, 'severity')) ?? 'medium',
        kind: text(field(where, 'kind')) ?? 'server',
        name: text(field(where, 'name')) ?? 'server',
        field: text(field(where, 'field')) ?? '',
        match: text(field(f, 'match')) ?? '',
      },
    ];
  });
}

/** Only unaccepted drift is a finding; `updated` pins record changes the user accepted. */
function pinDrift(report: Report): PinChange[] {
  const pins = field(field(report, 'chaos'), 'pins');
  const file = text(field(pins, 'file'));
  const changes = field(pins, 'changes');
  if (!file || field(pins, 'status') !== 'drift' || !Array.isArray(changes)) return [];
  return changes.flatMap((c) => {
    const kind = text(field(c, 'kind'));
    const tool = text(field(c, 'tool'));
    const message = text(field(c, 'message'));
    return kind && tool && message ? [{ file, kind, tool, message, severity: text(field(c, 'severity')) ?? 'medium' }] : [];
  });
}

function field(value: unknown, key: string): unknown {
  return isRecord(value) ? value[key] : undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

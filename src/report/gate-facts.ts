/**
 * The gate result as the HTML and Markdown reports explain it: which baseline run was taken, each item
 * baseline against current with its interval and the decision, and what changed on the server's tool
 * surface since that run. Plain text; each renderer escapes it. Values the gate may add later (another
 * verdict, another drift label) are shown as they are, never dropped.
 */

import { inPercent, intervalText, percent, points } from './format.js';
import type { GateFinding, GateResult, MeasuredRate, Report, ServerFingerprint, ToolSurface } from './model.js';
import { diffTools, type ToolChange } from './tool-diff.js';

export interface BaselineFacts {
  startedAt?: string;
  /** The history entry taken by `--baseline auto`. */
  runId?: string;
  /** The commit the baseline run was made from, when its report recorded one. */
  commit?: string;
  /** The exit code that run was recorded with. */
  exitCode?: number;
  /** The baseline report's file. */
  source?: string;
  /** When and why the run was accepted as the baseline by hand (`mcpgate baseline accept`). */
  accepted?: { acceptedAt: string; reason: string };
  /** Why there was no baseline to compare with. */
  unavailable?: string;
  /** The baseline run's server fingerprint and tools, when its report carried them. */
  fingerprint?: ServerFingerprint;
  tools?: ToolSurface[];
}

/** The baseline as the gate result describes it. */
export function baselineFacts(gate: GateResult): BaselineFacts {
  const baseline = gate.baseline;
  if ('unavailable' in baseline) return { unavailable: baseline.unavailable };
  return baseline;
}

/** `run 3f9c0a1b2d4e5f60 of 2026-08-01T10:20:30.000Z, commit abc1234, recorded with exit code 0`. */
export function baselineLine(facts: BaselineFacts): string {
  if (facts.unavailable !== undefined) return `no usable baseline: ${facts.unavailable}`;
  const parts = [
    facts.runId ? `run ${facts.runId} of ${facts.startedAt ?? 'an unknown date'}` : `the report of ${facts.startedAt ?? 'an unknown date'}`,
  ];
  parts.push(facts.commit ? `commit ${facts.commit}` : 'commit not recorded');
  if (facts.exitCode !== undefined) parts.push(`recorded with exit code ${facts.exitCode}`);
  if (facts.source) parts.push(`from ${facts.source}`);
  if (facts.accepted) parts.push(`accepted as the baseline on ${facts.accepted.acceptedAt}: ${facts.accepted.reason}`);
  return parts.join(', ');
}

export function rulesLine(gate: GateResult): string {
  const { maxDrop, confidence, minSamples } = gate.options;
  return (
    `a soft score may drop at most ${points(maxDrop)}; a drop counts only when its ${percent(confidence)} interval ` +
    `lies wholly beyond that; fewer than ${minSamples} samples on either side is inconclusive; hard items must hold on every run`
  );
}

/** `19/20 95% [75.1%, 99.1%]`: successes of samples, the rate and its Wilson interval; `-` when the item has none. */
export function rateText(rate: MeasuredRate | undefined): string {
  if (!rate) return '-';
  return `${rate.k}/${rate.n} ${percent(rate.rate)} ${intervalText(rate.interval)}`;
}

/**
 * The interval of the drop in points (baseline minus current; current minus baseline for a rate that
 * must not rise): `[21.3, 63.2] points`. The item fails when the whole interval lies beyond max-drop.
 */
export function dropText(finding: GateFinding): string {
  if (!finding.drop) return '-';
  return `[${inPercent(finding.drop.low)}, ${inPercent(finding.drop.high)}] points`;
}

const DECISIONS: Record<string, string> = { pass: 'PASS', fail: 'FAIL', inconclusive: 'INCONCLUSIVE' };

/** The decision as a word; a verdict this version does not know is shown as the gate wrote it. */
export function decisionText(verdict: string): string {
  return DECISIONS[verdict] ?? verdict.toUpperCase();
}

const DRIFT_WORDS: Record<string, string> = {
  'model-drift': 'model drift (server unchanged)',
  regression: 'regression (server changed)',
  unattributed: 'unattributed (a fingerprint is missing)',
};

export function driftText(label: string | undefined): string {
  return label === undefined ? '' : (DRIFT_WORDS[label] ?? label);
}

const RANK: Record<string, number> = { fail: 0, inconclusive: 1, pass: 3 };

/** What needs a reader first: failures, then what could not be judged, then anything unknown, then passes. */
export function findingsByUrgency(gate: GateResult): GateFinding[] {
  return gate.findings
    .map((finding, index) => ({ finding, index }))
    .sort((a, b) => (RANK[a.finding.verdict] ?? 2) - (RANK[b.finding.verdict] ?? 2) || a.index - b.index)
    .map((entry) => entry.finding);
}

export interface SurfaceFacts {
  /** One sentence on the fingerprints: same, changed (in what), or not known. */
  line: string;
  /** Tool by tool, when both runs' tool lists are known. */
  changes?: ToolChange[];
  /** Why there is no tool-by-tool list, when there is none. */
  missing?: string;
}

/**
 * Whether two runs saw the same server: tools, name, version and description overrides all equal.
 * Then a drop between them is the model's drift, not the server's regression.
 */
export function sameFingerprint(now: ServerFingerprint, then: ServerFingerprint): boolean {
  return (
    now.toolsSha256 === then.toolsSha256 &&
    now.serverName === then.serverName &&
    now.serverVersion === then.serverVersion &&
    now.descriptions?.sha256 === then.descriptions?.sha256
  );
}

function fingerprintLine(now: ServerFingerprint, then: ServerFingerprint): string {
  const server = (f: ServerFingerprint): string => `${f.serverName ?? 'unnamed'} ${f.serverVersion ?? ''}`.trim();
  const descriptions = (f: ServerFingerprint): string =>
    f.descriptions ? `${f.descriptions.file} (sha256 ${f.descriptions.sha256.slice(0, 12)})` : 'none';
  if (sameFingerprint(now, then))
    return `Server fingerprint unchanged since the baseline: ${now.toolCount} tools (sha256 ${now.toolsSha256.slice(0, 12)}), ${server(now)}.`;
  const parts: string[] = [];
  if (now.toolsSha256 !== then.toolsSha256)
    parts.push(`tools ${then.toolCount} → ${now.toolCount} (sha256 ${then.toolsSha256.slice(0, 12)} → ${now.toolsSha256.slice(0, 12)})`);
  if (server(now) !== server(then)) parts.push(`server ${server(then)} → ${server(now)}`);
  if (now.descriptions?.sha256 !== then.descriptions?.sha256)
    parts.push(`served descriptions ${descriptions(then)} → ${descriptions(now)}`);
  return `Server fingerprint changed since the baseline: ${parts.join('; ')}.`;
}

/** Without the baseline's fingerprint, the drift labels still say whether the fingerprint changed. */
function labelLine(gate: GateResult): string {
  const labels = new Set([...gate.findings.map((f) => f.drift), ...gate.drift.map((d) => d.label)]);
  if (labels.has('regression')) return 'Server fingerprint changed since the baseline (the drops are labelled regression).';
  if (labels.has('model-drift')) return 'Server fingerprint unchanged since the baseline (the drops are labelled model drift).';
  return 'The baseline run’s report has no server fingerprint, so whether the server changed is not known here.';
}

/** What changed on the tool surface between the baseline run and this one; undefined without a baseline. */
export function surfaceFacts(report: Report, gate: GateResult): SurfaceFacts | undefined {
  const facts = baselineFacts(gate);
  if (facts.unavailable !== undefined) return undefined;
  const now = report.target.fingerprint;
  const line = now && facts.fingerprint ? fingerprintLine(now, facts.fingerprint) : labelLine(gate);
  const current = report.target.tools;
  if (facts.tools && current) return { line, changes: diffTools(facts.tools, current) };
  const missing = !facts.tools
    ? 'The baseline run’s report has no tool list (written by an earlier mcpgate, or its list could not be read whole), so the tools cannot be compared one by one.'
    : 'This report has no tool list (layer 0 could not read it whole), so the tools cannot be compared one by one.';
  return { line, missing };
}

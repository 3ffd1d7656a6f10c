import { STATUSES } from './model.js';
import type { CheckResult, ConformanceSummary, Evidence, Report, TargetInfo, Verdict } from './model.js';

/*
 * Key orders as written in model.ts. Typed as complete records so that a field added to the model
 * fails to compile here instead of silently landing at the end of the JSON. Keys a later layer adds
 * beside these are kept, after the known ones, in the order they were set.
 */
const REPORT_KEYS: Record<keyof Report, true> = {
  schemaVersion: true,
  tool: true,
  startedAt: true,
  durationMs: true,
  target: true,
  checks: true,
  summary: true,
  verdict: true,
  options: true,
  eval: true,
  chaos: true,
};
const TOOL_KEYS: Record<keyof Report['tool'], true> = { name: true, version: true };
const TARGET_KEYS: Record<keyof TargetInfo, true> = {
  transport: true,
  endpoint: true,
  era: true,
  serverInfo: true,
  supportedVersions: true,
  stderrTail: true,
  fingerprint: true,
};
const CHECK_KEYS: Record<keyof CheckResult, true> = {
  id: true,
  title: true,
  area: true,
  level: true,
  specRef: true,
  status: true,
  message: true,
  fix: true,
  evidence: true,
  durationMs: true,
  expectedFailure: true,
};
const EVIDENCE_KEYS: Record<keyof Evidence, true> = { label: true, sent: true, received: true, expected: true };
const SUMMARY_KEYS: Record<keyof ConformanceSummary, true> = {
  total: true,
  byStatus: true,
  mustFailures: true,
  shouldFailures: true,
  expectedFailures: true,
  staleExpectedFailures: true,
};
const VERDICT_KEYS: Record<keyof Verdict, true> = { exitCode: true, reason: true };
const OPTIONS_KEYS: Record<keyof Report['options'], true> = { strict: true, allowTools: true, expectedFailuresFile: true };
const SERVER_INFO_KEYS = { name: true, version: true } as const;
const BY_STATUS_KEYS: Record<string, true> = Object.fromEntries(STATUSES.map((status) => [status, true]));

export function renderJson(report: Report): string {
  const ordered = inOrder(
    {
      ...report,
      tool: inOrder(report.tool, TOOL_KEYS),
      target: inOrder(
        {
          ...report.target,
          ...(report.target.serverInfo && { serverInfo: inOrder(report.target.serverInfo, SERVER_INFO_KEYS) }),
        },
        TARGET_KEYS,
      ),
      checks: report.checks.map((check) =>
        inOrder({ ...check, evidence: check.evidence.map((e) => inOrder(e, EVIDENCE_KEYS)) }, CHECK_KEYS),
      ),
      summary: inOrder({ ...report.summary, byStatus: inOrder(report.summary.byStatus, BY_STATUS_KEYS) }, SUMMARY_KEYS),
      verdict: inOrder(report.verdict, VERDICT_KEYS),
      options: inOrder(report.options, OPTIONS_KEYS),
    },
    REPORT_KEYS,
  );
  return `${JSON.stringify(ordered, null, 2)}\n`;
}

function inOrder<T extends object>(value: T, order: Record<string, true>): T {
  const source = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(order)) if (key in source) out[key] = source[key];
  for (const key of Object.keys(source)) if (!(key in out)) out[key] = source[key];
  return out as T;
}

/** Reads a report written by renderJson, of any 1.x version; throws a one-line Error otherwise. */
export function parseReport(text: string): Report {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw notAReport(`not valid JSON (${oneLine(String((error as Error).message))})`);
  }
  if (!isRecord(data)) throw notAReport('the top level is not a JSON object');
  const version = data['schemaVersion'];
  if (version === undefined) throw notAReport('schemaVersion is missing');
  if (typeof version !== 'string') throw notAReport(`schemaVersion must be a string, got ${describe(version)}`);
  // Minor versions only add keys, so any 1.x can be read; a new major may change meanings.
  if (!/^1\.\d+$/.test(version)) {
    throw new Error(`report schema version ${oneLine(version)} is not supported (this mcpgate reads 1.x)`);
  }
  reportShape(data, '');
  return data as unknown as Report;
}

/*
 * A small structural validator rather than the JSON Schema: reading a report should not pull in a
 * schema compiler, and its errors name the one field that is wrong. report-schema.ts describes the
 * same shape; a test holds the two together.
 */
type Shape = (value: unknown, path: string) => void;

const text: Shape = (v, path) => demand(typeof v === 'string', path, 'a string', v);
const nonEmptyText: Shape = (v, path) => demand(typeof v === 'string' && v !== '', path, 'a non-empty string', v);
const duration: Shape = (v, path) =>
  demand(typeof v === 'number' && Number.isFinite(v) && v >= 0, path, 'a number of milliseconds', v);
const count: Shape = (v, path) => demand(Number.isInteger(v) && (v as number) >= 0, path, 'a whole number', v);
const boolean: Shape = (v, path) => demand(typeof v === 'boolean', path, 'true or false', v);
const oneOf =
  (...allowed: readonly string[]): Shape =>
  (v, path) =>
    demand(typeof v === 'string' && allowed.includes(v), path, `one of ${allowed.join(', ')}`, v);
const listOf =
  (item: Shape): Shape =>
  (v, path) => {
    demand(Array.isArray(v), path, 'an array', v);
    (v as unknown[]).forEach((entry, i) => item(entry, `${path}[${i}]`));
  };
const optional =
  (shape: Shape): Shape =>
  (v, path) => {
    if (v !== undefined) shape(v, path);
  };
const object =
  (fields: Record<string, Shape>): Shape =>
  (v, path) => {
    demand(isRecord(v), path, 'an object', v);
    const record = v as Record<string, unknown>;
    for (const [key, shape] of Object.entries(fields)) shape(record[key], path ? `${path}.${key}` : key);
  };

const reportShape = object({
  tool: object({ name: oneOf('mcpgate'), version: text }),
  startedAt: text,
  durationMs: duration,
  target: object({
    transport: oneOf('http', 'stdio'),
    endpoint: text,
    era: oneOf('modern', 'legacy', 'unknown'),
    serverInfo: optional(object({ name: text, version: text })),
    supportedVersions: optional(listOf(text)),
    stderrTail: optional(text),
  }),
  checks: listOf(
    object({
      id: nonEmptyText,
      title: text,
      area: nonEmptyText,
      level: oneOf('MUST', 'SHOULD'),
      specRef: text,
      status: oneOf(...STATUSES),
      message: text,
      fix: optional(text),
      evidence: listOf(
        object({ label: optional(text), sent: optional(text), received: optional(text), expected: optional(text) }),
      ),
      durationMs: duration,
      expectedFailure: optional(boolean),
    }),
  ),
  summary: object({
    total: count,
    byStatus: object(Object.fromEntries(STATUSES.map((s) => [s, count]))),
    mustFailures: count,
    shouldFailures: count,
    expectedFailures: count,
    staleExpectedFailures: listOf(text),
  }),
  verdict: object({ exitCode: count, reason: text }),
  options: object({ strict: boolean, allowTools: listOf(text), expectedFailuresFile: optional(text) }),
});

function demand(ok: boolean, path: string, wanted: string, got: unknown): void {
  if (!ok) throw notAReport(`${path} must be ${wanted}, got ${describe(got)}`);
}

function notAReport(what: string): Error {
  return new Error(`not an mcpgate report: ${what}`);
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'an array';
  if (value !== null && typeof value === 'object') return 'an object';
  const shown = JSON.stringify(value);
  return shown.length > 40 ? `${shown.slice(0, 39)}…` : shown;
}

function oneLine(message: string): string {
  const line = JSON.stringify(message).slice(1, -1);
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

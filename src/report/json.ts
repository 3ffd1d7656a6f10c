/** The JSON form of the contract: the report as written, and the reading of reports and history entries. */

import { jsonTextParts } from './json-text.js';
import { inContractOrder } from './key-order.js';
import {
  BaselineAcceptanceSchema,
  HistoryEntrySchema,
  ReportSchema,
  type BaselineAcceptance,
  type HistoryEntry,
  type Report,
} from './model.js';
import { describeValue, parseAgainst } from './parse-problem.js';
import { suiteState } from './suite-state.js';
import { isRecord } from '../shared/guards.js';
import { cutToFit } from '../shared/cut.js';

/** The suite state is derived from the results at writing, so a reader of the file sees it beside the decision. */
export function renderJson(report: Report): string {
  return [...renderJsonParts(report)].join('');
}

/** renderJson's text in parts (json-text.ts), for writing a large report without building it whole. */
export function* renderJsonParts(report: Report): Generator<string> {
  const written = { ...report, verdict: { ...report.verdict, suite: suiteState(report) } };
  yield* jsonTextParts(inContractOrder(ReportSchema, written));
  yield '\n';
}

/** Reads a report written by renderJson, of any 1.x version; throws a one-line Error otherwise. */
export function parseReport(text: string): Report {
  const notAReport = (what: string): Error => new Error(`not an mcpgate report: ${what}`);
  const data = parseObject(text, notAReport);
  const version = data['schemaVersion'];
  if (version === undefined) throw notAReport('schemaVersion is missing');
  if (typeof version !== 'string') throw notAReport(`schemaVersion must be a string, got ${describeValue(version)}`);
  // Minor versions only add, so any 1.x can be read; a new major may change meanings.
  if (!/^1\.\d+$/.test(version))
    throw new Error(`report schema version ${escapedExcerpt(version)} is not supported (this mcpgate reads 1.x)`);
  const parsed = parseAgainst(ReportSchema, data);
  if (!parsed.ok) throw notAReport(parsed.problem);
  return parsed.value;
}

/** Reads one history entry file (gate/history.ts); throws a one-line Error when it is not one. */
export function parseHistoryEntry(text: string): HistoryEntry {
  const notAnEntry = (what: string): Error => new Error(`not an mcpgate history entry: ${what}`);
  const parsed = parseAgainst(HistoryEntrySchema, parseObject(text, notAnEntry));
  if (!parsed.ok) throw notAnEntry(parsed.problem);
  return parsed.value;
}

/** Reads one baseline acceptance file (gate/accepted.ts); throws a one-line Error when it is not one. */
export function parseBaselineAcceptance(text: string): BaselineAcceptance {
  const notOne = (what: string): Error => new Error(`not an mcpgate baseline acceptance: ${what}`);
  const parsed = parseAgainst(BaselineAcceptanceSchema, parseObject(text, notOne));
  if (!parsed.ok) throw notOne(parsed.problem);
  return parsed.value;
}

function parseObject(text: string, invalid: (what: string) => Error): Record<string, unknown> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw invalid(`not valid JSON (${escapedExcerpt(error instanceof Error ? error.message : String(error))})`);
  }
  if (!isRecord(data)) throw invalid('the top level is not a JSON object');
  return data;
}

/** A message quoted with its control characters escaped, so it stays on one line, and cut to 80 characters. */
function escapedExcerpt(message: string): string {
  return cutToFit(JSON.stringify(message).slice(1, -1), 80);
}

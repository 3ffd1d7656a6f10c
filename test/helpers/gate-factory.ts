/**
 * Eval reports for gate and history tests: cases with k of N passing samples on the baseline model (or
 * another), and the server's fingerprint, built through eval-factory and makeReport, so each is a
 * report `mcpgate eval` could have written.
 */

import { createHash } from 'node:crypto';
import type { Report } from '../../src/report/model.js';
import { makeCase, makeEval } from './eval-factory.js';
import { makeReport } from './report-factory.js';

export interface CaseSpec {
  id: string;
  model?: string;
  kind?: 'hard' | 'soft';
  passes: number;
  runs: number;
  /** A negative case (no tool expected): its failing samples over-activated. */
  negative?: boolean;
  errors?: number;
  /**
   * Stands for the case's content (`caseSha256` is its sha256): give another to model an edited case.
   * `null` leaves `caseSha256` out, as reports written before case hashes did.
   */
  definition?: string | null;
}

export interface RunOptions {
  goldenSha?: string;
  toolsSha256?: string;
  serverVersion?: string;
  startedAt?: string;
}

/** An eval report as `mcpgate eval` writes it; soft cases unless a spec says hard. */
export function evalRun(specs: CaseSpec[], options: RunOptions = {}): Report {
  const cases = specs.map(({ model = 'baseline', kind = 'soft', definition, ...spec }) => {
    const content = definition === undefined ? `case ${spec.id}` : definition;
    return makeCase({
      ...spec,
      model,
      kind,
      ...(content === null ? {} : { caseSha256: createHash('sha256').update(content).digest('hex') }),
    });
  });
  const section = makeEval(cases, {}, Math.max(...cases.map((c) => c.runs), 1));
  return makeReport([], {
    ...(options.startedAt ? { startedAt: options.startedAt } : {}),
    target: {
      transport: 'http',
      endpoint: 'http://127.0.0.1:3000/mcp',
      era: 'modern',
      serverInfo: { name: 'reference-server', version: options.serverVersion ?? '1.2.3' },
      supportedVersions: ['2026-07-28'],
      fingerprint: {
        toolsSha256: options.toolsSha256 ?? 'f'.repeat(64),
        toolCount: 5,
        serverName: 'reference-server',
        serverVersion: options.serverVersion ?? '1.2.3',
      },
    },
    eval: { ...section, golden: { ...section.golden, sha256: options.goldenSha ?? 'a'.repeat(64) } },
  });
}

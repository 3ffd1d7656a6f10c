/**
 * The fields every report opens with, built in one place so the commands that write a report
 * (check, chaos, eval) cannot drift apart on them. A run starts its clock first and builds the
 * header last, once its duration is known.
 */

import { performance } from 'node:perf_hooks';
import { MCPGATE_VERSION } from '../shared/version.js';
import { REPORT_SCHEMA_VERSION } from './constants.js';
import type { Report } from './model.js';

export type ReportHeader = Pick<Report, 'schemaVersion' | 'tool' | 'startedAt' | 'durationMs' | 'target' | 'options'>;

export interface RunClock {
  /** Wall-clock start, ISO 8601, for the report. */
  readonly startedAt: string;
  /** Monotonic start, for the duration: the wall clock may jump during a run. */
  readonly startedMs: number;
}

export function startRunClock(): RunClock {
  return { startedAt: new Date().toISOString(), startedMs: performance.now() };
}

export function reportHeader(clock: RunClock, target: Report['target'], options: Report['options']): ReportHeader {
  return {
    schemaVersion: REPORT_SCHEMA_VERSION,
    tool: { name: 'mcpgate', version: MCPGATE_VERSION },
    startedAt: clock.startedAt,
    durationMs: Math.round(performance.now() - clock.startedMs),
    target,
    options,
  };
}

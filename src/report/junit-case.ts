/**
 * A JUnit test case described as data, for the suites of layers other than the checks: the layer
 * files (junit-eval.ts, junit-chaos.ts) say what failed and why, junit.ts writes the XML.
 */

export type JUnitOutcome = 'passed' | 'failure' | 'error' | 'skipped';

export interface JUnitCase {
  classname: string;
  name: string;
  durationMs: number;
  outcome: JUnitOutcome;
  /** One line: the failure, error or skip message. */
  message?: string;
  /** The failure's `type` attribute. */
  type?: string;
  /** Multi-line details in the element's body (failures and errors), or system-out for a pass. */
  details?: string;
}

export interface JUnitSuite {
  name: string;
  /** The suite's `<properties>`: name to value. */
  properties?: Record<string, string>;
  cases: JUnitCase[];
}

/** The JUnit outcome of a report status: only `pass` passes; `error` is the harness, not the server. */
export function outcomeOf(status: string): JUnitOutcome {
  switch (status) {
    case 'pass':
    case 'warn':
      return 'passed';
    case 'fail':
      return 'failure';
    case 'error':
      return 'error';
    default:
      return 'skipped';
  }
}

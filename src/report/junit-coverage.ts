/**
 * Layer 0's coverage in JUnit. CI test views show test cases and their messages, not a report's extra
 * elements, so the coverage line is a suite of its own (as stale expected failures are): one case that
 * is skipped, with the line as its message, when layer 0 left something out (a skip is what a coverage
 * gap is, and it fails nothing), and passes with the line in its output otherwise. The suite's
 * properties carry the line and the counts for tools that read them.
 */

import { coverageComplete, coverageLine } from './coverage-line.js';
import type { JUnitSuite } from './junit-case.js';
import type { Coverage } from './model.js';

export function coverageSuite(coverage: Coverage | undefined): JUnitSuite[] {
  if (coverage === undefined) return [];
  const line = coverageLine(coverage);
  const complete = coverageComplete(coverage);
  return [
    {
      name: 'coverage',
      properties: {
        'mcpgate.coverage': line,
        'mcpgate.coverage.tools.listed': String(coverage.tools.listed),
        'mcpgate.coverage.tools.called': String(coverage.tools.called),
        'mcpgate.coverage.resources.listed': String(coverage.resources.listed),
        'mcpgate.coverage.resources.read': String(coverage.resources.read),
        'mcpgate.coverage.resourceTemplates.listed': String(coverage.resourceTemplates.listed),
        'mcpgate.coverage.resourceTemplates.read': String(coverage.resourceTemplates.read),
        'mcpgate.coverage.prompts.listed': String(coverage.prompts.listed),
        'mcpgate.coverage.prompts.got': String(coverage.prompts.got),
        'mcpgate.coverage.mrtrSubjects': String(coverage.mrtrSubjects),
        'mcpgate.coverage.progressSubjects': String(coverage.progressSubjects),
      },
      cases: [
        {
          classname: 'mcpgate.coverage',
          name: 'layer 0 coverage: what the checks exercised',
          durationMs: 0,
          outcome: complete ? 'passed' : 'skipped',
          message: line,
          details: line,
        },
      ],
    },
  ];
}

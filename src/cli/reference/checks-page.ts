/**
 * docs/reference/checks.md, written from the check registries: every layer 0 check and every layer 2
 * robustness probe with its id, level, transports, spec page and, where the general answer is known,
 * how to fix a violation. `mcpgate check --list-checks` prints the same ids.
 */

import type { CheckDefinition } from '../../conformance/check.js';
import type { ProbeDefinition } from '../../resilience/probes/probe.js';
import { specUrl } from '../../spec/protocol.js';
import { code, generatedNotice, table } from './markdown.js';

type Listed = Pick<CheckDefinition, 'id' | 'title' | 'area' | 'level' | 'spec' | 'fix'> & { transports?: CheckDefinition['transports'] };

function rows(checks: readonly Listed[]): string[][] {
  return checks.map((check) => [
    code(check.id),
    check.level,
    check.transports?.join(', ') ?? 'all',
    check.title,
    `[${check.spec}](${specUrl(check.spec)})`,
    check.fix ?? '',
  ]);
}

function byArea(checks: readonly Listed[]): string[] {
  const areas = [...new Set(checks.map((check) => check.area))];
  return areas.flatMap((area) => [
    `### ${area}`,
    '',
    table(['id', 'level', 'transports', 'what is checked', 'spec', 'how to fix'], rows(checks.filter((c) => c.area === area))),
    '',
  ]);
}

export function checksPage(checks: readonly CheckDefinition[], probes: readonly ProbeDefinition[]): string {
  return [
    generatedNotice('the check registries (src/conformance/checks/index.ts, src/resilience/probes/index.ts)'),
    '',
    '# Check reference',
    '',
    `Layer 0 (\`mcpgate check\`) runs ${checks.length} checks; layer 2 (\`mcpgate chaos\`) adds ${probes.length} robustness probes.`,
    'A MUST check that is violated fails the run; a SHOULD check warns unless `--strict`. Every verdict in',
    'a report carries its id, level and spec link; list the ids your server knowingly fails in an',
    'expected-failures file (`--expected-failures`, `check.expected_failures`).',
    '',
    '## Layer 0: conformance checks',
    '',
    ...byArea(checks),
    '## Layer 2: robustness probes',
    '',
    ...byArea(probes),
  ].join('\n');
}

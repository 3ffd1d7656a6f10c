/**
 * Layer 2's MRTR state findings in JUnit: a test case per altered retry the server answered. A
 * server that completed a retry it had to refuse (tampered state) fails its case; completing one
 * it should have refused (a replayed or dropped state, stripped answers) passes with the warning
 * in its output, as warnings do for checks, so JUnit fails exactly when the run does.
 */

import { outcomeOf, type JUnitSuite } from './junit-case.js';
import type { StateFinding } from './model.js';

export function stateFindingsSuite(findings: readonly StateFinding[] | undefined): JUnitSuite[] {
  if (!findings || findings.length === 0) return [];
  const seen = new Map<string, number>();
  return [
    {
      name: 'chaos MRTR state',
      cases: findings.map((f) => {
        const subject = `${f.scenario ?? f.tool}: ${f.fault} on ${f.tool}`;
        const group = `${f.model ?? ''}\u0000${subject}`;
        const ordinal = (seen.get(group) ?? 0) + 1;
        seen.set(group, ordinal);
        const message = f.status === 'warn' ? `warning: ${f.message}` : f.message;
        return {
          classname: `mcpgate.chaos.state${f.model ? `.${f.model}` : ''}`,
          // Numbered per scenario rather than by event, so the name stays the same from run to run.
          name: `${subject}, retry ${ordinal}`,
          durationMs: 0,
          outcome: outcomeOf(f.status),
          message,
          type: f.fault,
          details: [message, `server reaction: ${f.reaction}`, `proxy event: ${f.seq}`, ...(f.source ? [`source: ${f.source}`] : [])].join(
            '\n',
          ),
        };
      }),
    },
  ];
}

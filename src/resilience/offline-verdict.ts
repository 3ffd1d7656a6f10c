/**
 * The exit code of a model-free chaos run (documented in docs/chaos.md): 4 when the server wants
 * credentials, 3 when it cannot be reached as a 2026-07-28 server, 1 when a probe failed or the scan
 * or the pins found something of high severity, 5 when a probe could not be run, else 0. Medium and
 * low findings are warnings: they are reported and named in the reason, but do not fail the run.
 */

import { EXIT } from '../shared/exit-codes.js';
import type { ChaosReport, CheckResult, ScanFinding, Verdict } from '../report/model.js';

export type Reachability = { ok: true } | { ok: false; reason: string; authRequired: boolean };

function list(items: readonly string[]): string {
  return `${items.slice(0, 5).join(', ')}${items.length > 5 ? ', …' : ''}`;
}

export function offlineVerdict(reachability: Reachability, results: readonly CheckResult[], chaos: ChaosReport): Verdict {
  if (!reachability.ok)
    return { exitCode: reachability.authRequired ? EXIT.missingCredentials : EXIT.unreachable, reason: reachability.reason };
  const failures: string[] = [];
  const failed = results.filter((r) => r.status === 'fail').map((r) => r.id);
  if (failed.length > 0) failures.push(`${failed.length} robustness probe(s) failed: ${list(failed)}`);
  const high = chaos.scan.findings.filter((f) => f.severity === 'high');
  const where = (f: ScanFinding): string =>
    `${f.rule} in ${f.location.kind === 'server' ? 'the server instructions' : `${f.location.kind} ${f.location.name}`}`;
  if (high.length > 0) failures.push(`${high.length} high-severity scan finding(s): ${list([...new Set(high.map(where))])}`);
  const drift = chaos.pins?.status === 'drift' ? chaos.pins.changes.filter((c) => c.severity === 'high') : [];
  if (drift.length > 0)
    failures.push(`${drift.length} pinned tool(s) changed: ${list(drift.map((c) => c.tool))} (--update-pins accepts the change)`);
  if (failures.length > 0) return { exitCode: EXIT.gateFailed, reason: failures.join('; ') };

  const errors = results.filter((r) => r.status === 'error').map((r) => r.id);
  if (errors.length > 0)
    return { exitCode: EXIT.inconclusive, reason: `inconclusive: ${errors.length} probe(s) could not be run by mcpgate: ${list(errors)}` };

  const warnings =
    chaos.scan.findings.length +
    (chaos.pins?.status === 'drift' ? chaos.pins.changes.length : 0) +
    results.filter((r) => r.status === 'warn').length;
  const passed = results.filter((r) => r.status === 'pass').length;
  return {
    exitCode: EXIT.pass,
    reason: `${passed} of ${results.length} robustness probes passed, no high-severity finding${warnings > 0 ? ` (${warnings} warning(s))` : ''}`,
  };
}

/**
 * Baselines that survive real edits, with real `mcpgate run`s on the bundled reference server and the
 * offline lexical baseline model: a golden set edited three ways gates on the rest (exit 0, or 1 when a
 * compared case regressed, never 5), `baseline accept` makes the next run compare with the accepted
 * one, `gate.baseline: auto` records by default, and says so on every run when recording is off.
 */

import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readHistory } from '../../../src/gate/history.js';
import type { Report } from '../../../src/report/model.js';
import { referenceStdio, runCli, tempDir } from '../../helpers/cli.js';
import { readPossibleReport } from '../../helpers/report-invariants.js';
import { goldenEdit, INVOICE_LURE } from '../../helpers/golden-edits.js';

const RUN_TIMEOUT_MS = 60_000;

const { original: ORIGINAL, edited: EDITED } = goldenEdit();

interface Project {
  dir: string;
  history: string;
  run: (options?: {
    golden?: string;
    breakInvoices?: boolean;
  }) => Promise<{ code: number | null; stdout: string; stderr: string; report: Report }>;
}

/** A project with mcpgate.yaml (gate.baseline: auto) and a golden set; `record` as written, or no key at all. */
function project(record?: boolean): Project {
  const dir = tempDir();
  const history = join(dir, 'history');
  // Served in place of the server's own: lookup_customer now claims invoices, so the lexical model picks it.
  writeFileSync(join(dir, 'descriptions.yaml'), INVOICE_LURE);
  const run: Project['run'] = async ({ golden = ORIGINAL, breakInvoices = false } = {}) => {
    writeFileSync(join(dir, 'tasks.yaml'), golden);
    const config = [
      'server:',
      `  stdio: '${referenceStdio()}'`,
      'eval:',
      `  golden: ${join(dir, 'tasks.yaml')}`,
      '  models: [baseline]',
      ...(breakInvoices ? [`  descriptions: ${join(dir, 'descriptions.yaml')}`] : []),
      'gate:',
      '  baseline: auto',
      'report:',
      `  dir: ${join(dir, 'reports')}`,
      'history:',
      `  dir: ${history}`,
      ...(record === undefined ? [] : [`  record: ${record}`]),
      '',
    ].join('\n');
    writeFileSync(join(dir, 'mcpgate.yaml'), config);
    const result = await runCli(['run', '--config', join(dir, 'mcpgate.yaml')], { timeoutMs: RUN_TIMEOUT_MS });
    return { ...result, report: readPossibleReport(join(dir, 'reports', 'report.json')) };
  };
  return { dir, history, run };
}

const latestRunId = (history: string): string => readHistory(history).entries.at(-1)!.entry.runId;

describe('mcpgate run across golden-set edits', () => {
  it(
    'gates an edited golden set on the rest: 1 when a compared case regressed, 0 when the rest held, never 5',
    async () => {
      // No history.record key: gate.baseline auto records by itself, so the first run starts the history.
      const { history, run } = project();
      const first = await run();
      expect(first.code).toBe(0);
      const firstId = latestRunId(history);
      expect(first.stdout).toContain(`PASS: gate: no baseline yet: recorded run ${firstId} as the baseline; soft scores not compared`);

      // Edited three ways, and the server's descriptions now lure the model away from search_invoices.
      const regressed = await run({ golden: EDITED, breakInvoices: true });
      expect(regressed.code).toBe(1);
      expect(regressed.stdout).toMatch(/^ {2}FAIL +case:invoices-for-customer@baseline +5\/5 100% .* 0\/5 0% .* regression$/m);
      expect(regressed.report.gate!.findings.filter((f) => f.verdict === 'inconclusive')).toEqual([]);
      expect(regressed.report.gate!.findings.filter((f) => f.verdict === 'fail').map((f) => f.item)).toContain(
        'case:invoices-for-customer@baseline',
      );

      // The same edit without the lure: the rest is unchanged, so it passes against the first run (the red one is never a baseline).
      const held = await run({ golden: EDITED });
      expect(held.code).toBe(0);
      expect(held.stdout).toContain(`against the baseline run ${firstId} of `);
      expect(held.stdout).toContain(
        [
          'not compared (3 case x model pair(s); the gate decided on the rest):',
          '  new: no baseline yet (1): none-book-flight@baseline',
          '  changed: not compared (1): customer-plan-by-id@baseline',
          '  removed (1): none-arithmetic@baseline',
        ].join('\n'),
      );
      expect(held.stdout).toMatch(
        new RegExp(
          `^PASS: gate: no regression against run ${firstId} \\(.*\\): \\d+ item\\(s\\) compared, none dropped beyond max-drop 2 points, not compared: 1 new, 1 changed, 1 removed \\(exit code 0\\)$`,
          'm',
        ),
      );
      expect(held.report.gate!.caseChanges).toEqual([
        {
          id: 'customer-plan-by-id',
          model: 'baseline',
          change: 'changed',
          reason: 'changed: not compared (the case was edited since the baseline)',
        },
        { id: 'none-book-flight', model: 'baseline', change: 'new', reason: 'new: no baseline yet (the case is not in the baseline)' },
        { id: 'none-arithmetic', model: 'baseline', change: 'removed', reason: 'removed (the case is not in this run)' },
      ]);
      // The unchanged soft cases were compared, the edited and new ones were not.
      const compared = held.report.gate!.findings.filter((f) => f.kind === 'case').map((f) => f.item);
      expect(compared.sort()).toEqual(['case:invoices-for-customer@baseline', 'case:none-general-knowledge@baseline']);
      expect(readHistory(history).entries.map((e) => e.entry.green)).toEqual([true, false, true]);
    },
    4 * RUN_TIMEOUT_MS,
  );

  it(
    'after `baseline accept`, the next run compares with the accepted run',
    async () => {
      const { history, run } = project(true);
      expect((await run()).code).toBe(0);
      // An intended change: the new descriptions are what the team wants, although the case drops.
      const intended = await run({ breakInvoices: true });
      expect(intended.code).toBe(1);
      const intendedId = latestRunId(history);
      const accept = await runCli([
        'baseline',
        'accept',
        'latest',
        '--reason',
        'lookup_customer lists invoices now',
        '--history-dir',
        history,
      ]);
      expect(accept.code).toBe(0);
      expect(accept.stdout).toContain(
        `accepted run ${intendedId} of ${intended.report.startedAt} (exit code 1) as the baseline: "lookup_customer lists invoices now"`,
      );

      const listed = await runCli(['history', '--history-dir', history]);
      expect(listed.stdout).toMatch(new RegExp(`: run ${intendedId}, accepted by hand on \\S+: "lookup_customer lists invoices now"\\n`));

      const next = await run({ breakInvoices: true });
      expect(next.code).toBe(0);
      expect(next.stdout).toMatch(
        new RegExp(
          `against the baseline run ${intendedId} of \\S+ \\(accepted as the baseline on \\S+: "lookup_customer lists invoices now"; exit code 1, `,
        ),
      );
      expect(next.report.gate!.baseline).toMatchObject({ runId: intendedId, accepted: { reason: 'lookup_customer lists invoices now' } });
      // That run was green and started after the acceptance: it is the baseline from now on.
      const relisted = await runCli(['history', '--history-dir', history]);
      expect(relisted.stdout).toContain(`: run ${latestRunId(history)}, the last green run\n`);
    },
    4 * RUN_TIMEOUT_MS,
  );

  it(
    'with history.record: false, every run says in one line that it can never become the baseline',
    async () => {
      const { history, run } = project(false);
      const line = 'mcpgate: warning: history.record is false: this run is not recorded, so it can never become the baseline\n';
      for (let i = 0; i < 2; i++) {
        const result = await run();
        expect(result.code).toBe(5);
        expect(result.stderr.split('\n').filter((l) => l.includes('history.record'))).toEqual([line.trimEnd()]);
        expect(result.report.gate!.notRecorded).toBe(
          'history.record is false: this run is not recorded, so it can never become the baseline',
        );
      }
      expect(existsSync(history)).toBe(false);
    },
    3 * RUN_TIMEOUT_MS,
  );
});

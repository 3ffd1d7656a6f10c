/**
 * The gate's life cycle in one project, through the built CLI and a real server that `mcpgate run`
 * starts itself (issue 23): mcpgate.yaml sits in a subfolder of a git repository and is run from
 * another folder with relative paths; the first run, with a soft case below its floor, becomes the
 * baseline; the golden set edited three ways gates on the rest (0 when the rest held, 1 when a compared
 * case regressed, never 5); `baseline accept` makes an intended change the baseline; an old copy of
 * the server left on the port is refused (exit 3, the port named) and nothing is recorded; and every
 * report names the commit of its baseline.
 */

import { spawn } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readHistory } from '../../../src/gate/history.js';
import { REFERENCE_SERVER, runCli, tempDir } from '../../helpers/cli.js';
import { readPossibleReport } from '../../helpers/report-invariants.js';
import { goldenEdit, INVOICE_LURE } from '../../helpers/golden-edits.js';
import { freePort, portInUse } from '../../helpers/ports.js';

const RUN_TIMEOUT_MS = 90_000;

const { original: ORIGINAL, edited: EDITED } = goldenEdit(['tokyo']);

const IDENTITY = {
  GIT_AUTHOR_NAME: 't',
  GIT_AUTHOR_EMAIL: 't@example.invalid',
  GIT_COMMITTER_NAME: 't',
  GIT_COMMITTER_EMAIL: 't@example.invalid',
};

const stale: Array<ReturnType<typeof spawn>> = [];
afterAll(() => {
  for (const child of stale) child.kill('SIGKILL');
});

describe('the gate across a week of ordinary changes', () => {
  it(
    'baseline, three golden edits, a regression, baseline accept and a stale server, run from another folder',
    async () => {
      const root = tempDir();
      const repo = join(root, 'project');
      const ciDir = join(repo, 'ci');
      mkdirSync(join(ciDir, 'golden'), { recursive: true });
      const git = (...args: string[]): string =>
        execFileSync('git', args, { cwd: repo, env: { ...process.env, ...IDENTITY }, encoding: 'utf8' }).trim();
      git('init', '--quiet');
      const port = await freePort();
      const config = (lured: boolean): string =>
        [
          'server:',
          `  url: http://127.0.0.1:${port}/mcp`,
          '  start:',
          `    command: ${JSON.stringify(`${JSON.stringify(process.execPath)} ${JSON.stringify(REFERENCE_SERVER)} --port ${port}`)}`,
          'eval:',
          '  golden: golden/tasks.yaml',
          '  models: [baseline]',
          ...(lured ? ['  descriptions: golden/descriptions.yaml'] : []),
          'gate:',
          '  baseline: auto',
          'report:',
          '  formats: [markdown, html]',
          '',
        ].join('\n');
      writeFileSync(join(ciDir, 'golden/descriptions.yaml'), INVOICE_LURE);
      /** Commits the golden set and config as given, then runs from `root`, naming the config by a relative path. */
      const commitAndRun = async (tasks: string, lured = false) => {
        writeFileSync(join(ciDir, 'golden/tasks.yaml'), tasks);
        writeFileSync(join(ciDir, 'mcpgate.yaml'), config(lured));
        git('add', '--all');
        git('commit', '--quiet', '--allow-empty', '-m', 'next');
        const result = await runCli(['run', '--config', 'project/ci/mcpgate.yaml'], { cwd: root, timeoutMs: RUN_TIMEOUT_MS });
        const report = readPossibleReport(join(ciDir, '.mcpgate/reports/report.json'));
        return {
          ...result,
          report,
          head: git('rev-parse', 'HEAD'),
          markdown: readFileSync(join(ciDir, '.mcpgate/reports/summary.md'), 'utf8'),
        };
      };
      const history = join(ciDir, '.mcpgate/history');
      const runIds = (): string[] => readHistory(history).entries.map((e) => e.entry.runId);

      // Monday: the first run. The soft Tokyo case is below its floor, the hard rules hold: it is the baseline.
      const first = await commitAndRun(ORIGINAL);
      expect(first.code, first.stderr).toBe(0);
      const [firstId] = runIds();
      expect(first.stdout).toMatch(
        new RegExp(
          `^PASS: gate: no baseline yet: recorded run ${firstId} as the baseline; .*1 soft case below its floor \\(exit code 0\\)$`,
          'm',
        ),
      );
      expect(first.report.commit).toBe(first.head);
      expect(first.report.eval!.cases.find((c) => c.id === 'weather-tokyo-fahrenheit')!.status).not.toBe('pass');

      // Tuesday: the golden set edited three ways. The rest is compared and held: exit 0, the three pairs listed.
      const edited = await commitAndRun(EDITED);
      expect(edited.code, edited.stdout).toBe(0);
      expect(edited.report.gate!.verdict).toBe('pass');
      expect(edited.report.gate!.caseChanges!.map((c) => `${c.change} ${c.id}`)).toEqual([
        'changed customer-plan-by-id',
        'new none-book-flight',
        'removed none-arithmetic',
      ]);
      expect(edited.report.gate!.baseline).toMatchObject({ runId: firstId, commit: first.head });
      expect(edited.markdown).toContain(`commit ${first.head}`);

      // Wednesday: a description change lures the model away from search_invoices. A compared case regressed: 1, not 5.
      const lured = await commitAndRun(EDITED, true);
      expect(lured.code, lured.stdout).toBe(1);
      expect(lured.report.gate!.findings.filter((f) => f.verdict === 'inconclusive')).toEqual([]);
      expect(lured.report.gate!.findings.find((f) => f.item === 'case:invoices-for-customer@baseline')).toMatchObject({
        verdict: 'fail',
        drift: 'regression',
      });
      const luredId = runIds().at(-1)!;

      // Thursday: the team decides the change is intended, and accepts that run as the baseline.
      const accept = await runCli([
        'baseline',
        'accept',
        'latest',
        '--reason',
        'lookup_customer lists invoices now',
        '--history-dir',
        history,
      ]);
      expect(accept.code, accept.stderr).toBe(0);
      const accepted = await commitAndRun(EDITED, true);
      expect(accepted.code, accepted.stdout).toBe(0);
      expect(accepted.report.gate!.baseline).toMatchObject({
        runId: luredId,
        commit: lured.head,
        accepted: { reason: 'lookup_customer lists invoices now' },
      });

      // Friday: an old copy of the server is still on the port. The run refuses it, naming the port, and records nothing.
      const old = spawn(process.execPath, [REFERENCE_SERVER, '--port', String(port)], { stdio: 'ignore' });
      stale.push(old);
      for (let i = 0; i < 200 && !(await portInUse(port)); i++) await new Promise((r) => setTimeout(r, 50));
      expect(await portInUse(port)).toBe(true);
      const before = runIds();
      const refused = await runCli(['run', '--config', 'project/ci/mcpgate.yaml'], { cwd: root, timeoutMs: RUN_TIMEOUT_MS });
      expect(refused.code).toBe(3);
      expect(refused.stderr).toContain(`127.0.0.1:${port} already accepts connections before mcpgate has started`);
      expect(refused.stderr).toContain(`pid ${old.pid} `);
      expect(runIds()).toEqual(before);
      old.kill('SIGKILL');
      await new Promise((r) => old.once('exit', r));

      // Every history entry is one of the four measured runs; the refused one left nothing behind.
      expect(runIds()).toHaveLength(4);
      expect(readHistory(history).entries.map((e) => e.entry.green)).toEqual([true, true, false, true]);
      expect(await portInUse(port)).toBe(false);
    },
    6 * RUN_TIMEOUT_MS,
  );
});

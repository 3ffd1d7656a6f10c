/**
 * The sharded nightly evals `mcpgate init` writes into its workflow, commented out: uncommented, they
 * are valid YAML, and their mcpgate steps run as written (a shard per matrix entry, then the merge
 * job on the reports the artifacts carry) against the reference server, gating and recording the
 * merged report.
 */

import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SHARDED_EVALS_MARKER, workflowTemplate } from '../../../src/cli/init/workflow.js';
import { readHistory } from '../../../src/gate/history.js';
import { CLI, referenceStdio, ROOT, tempDir } from '../../helpers/cli.js';
import { readPossibleReport } from '../../helpers/report-invariants.js';

interface Step {
  name?: string;
  run?: string;
}
interface Job {
  needs?: string;
  if?: string;
  strategy?: { matrix: { shard: number[] } };
  steps: Step[];
}
type Workflow = { jobs: Record<string, Job> };

/** The workflow with the sharded jobs uncommented, as the comment above them says. */
function uncommented(text: string): string {
  const lines = text.split('\n');
  const from = lines.indexOf(SHARDED_EVALS_MARKER);
  expect(from).toBeGreaterThan(0);
  return lines.map((line, i) => (i > from && line.startsWith('#') ? line.slice(1) : line)).join('\n');
}

/** A step's script as a runner would run it (bash -e), with the expressions it uses filled in. */
function runStep(step: Step, cwd: string, bin: string, values: Record<string, string>): { code: number | null; output: string } {
  const script = step.run!.replace(/\$\{\{ ([\w.-]+) \}\}/g, (all, name: string) => values[name] ?? all);
  expect(script).not.toContain('${{');
  const run = spawnSync('bash', ['-e', '-c', script], {
    cwd,
    env: { ...process.env, PATH: `${bin}:${process.env.PATH}` },
    encoding: 'utf8',
  });
  return { code: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('the sharded evals of the workflow init writes', () => {
  const text = workflowTemplate('0.1.0');

  it('are commented out: the default workflow has the jobs it had', () => {
    expect(Object.keys((parse(text) as Workflow).jobs)).toEqual(['conformance', 'evals', 'models', 'matrix']);
  });

  it('uncommented, are valid YAML whose steps run as written: shards, then merge, gate and record', () => {
    const workflow = parse(uncommented(text)) as Workflow;
    const shards = workflow.jobs['eval-shards']!;
    const merge = workflow.jobs['eval-merge']!;
    expect(merge.needs).toBe('eval-shards');
    expect(shards.if).toBe(workflow.jobs.evals!.if);
    const total = shards.strategy!.matrix.shard.length;
    expect(total).toBeGreaterThan(1);

    const dir = tempDir();
    const bin = join(dir, 'bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'mcpgate'), `#!/bin/sh\nexec "${process.execPath}" "${CLI}" "$@"\n`);
    chmodSync(join(bin, 'mcpgate'), 0o755);
    writeFileSync(
      join(dir, 'mcpgate.yaml'),
      `server:\n  stdio: '${referenceStdio()}'\neval:\n  golden: ${join(ROOT, 'examples/golden/tasks.yaml')}\n  models: [baseline]\n  cache: off\ngate:\n  baseline: auto\n`,
    );
    const shardStep = shards.steps.find((s) => s.run?.startsWith('mcpgate run'))!;
    for (const shard of shards.strategy!.matrix.shard) {
      const run = runStep(shardStep, dir, bin, { 'matrix.shard': String(shard), 'strategy.job-total': String(total) });
      // The reference golden set has hard cases the baseline fails: the shard says so (exit 1), and its job goes on.
      expect(run.code, run.output).toBe(0);
      expect(run.output).toContain(`shard ${shard}/${total} of a run: not gated and not recorded`);
      // What upload-artifact and download-artifact (pattern mcpgate-shard-*, path shards) make of the report.
      mkdirSync(join(dir, 'shards', `mcpgate-shard-${shard}`), { recursive: true });
      copyFileSync(join(dir, '.mcpgate/reports/report.json'), join(dir, 'shards', `mcpgate-shard-${shard}`, 'report.json'));
    }
    const mergeStep = merge.steps.find((s) => s.run?.includes('mcpgate merge'))!;
    const merged = runStep(mergeStep, dir, bin, {});
    // The gate of the merged report fails the job, as the unsharded job's would on these hard cases.
    expect(merged.code, merged.output).toBe(1);
    expect(merged.output).toContain(`merged ${total} shard(s)`);
    expect(merged.output).toContain('FAIL: gate failed:');
    expect(merged.output).toContain('recorded run');
    const report = readPossibleReport(join(dir, '.mcpgate/reports/report.json'));
    expect(report.eval!.shard).toBeUndefined();
    expect(readHistory(join(dir, '.mcpgate/history')).entries).toHaveLength(1);
    // The job summary is the merged report's, every shard's cases in it, as the unsharded job shows its run's.
    const summary = readFileSync(join(dir, '.mcpgate/reports/summary.md'), 'utf8');
    expect(summary).toContain(`of ${report.eval!.cases.length} case results`);
    expect(merge.steps.some((s) => s.run?.includes('cat .mcpgate/reports/summary.md >> "$GITHUB_STEP_SUMMARY"'))).toBe(true);
  });
});

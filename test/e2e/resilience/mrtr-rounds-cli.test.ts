/**
 * `mcpgate chaos --max-rounds` and `--root`, through the built CLI against the reference server:
 * the fault scenarios' agent follows input_required with layer 1's limits, so one round is too few
 * for mrtr_two_rounds, the default is enough, and a declared root reaches mrtr_roots. `mcpgate run`
 * gives the chaos layer mcpgate.yaml's eval.max_rounds and eval.roots.
 */

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../../src/report/model.js';
import { referenceStdio, runCli, tempDir, type CliRun } from '../../helpers/cli.js';
import { readPossibleReport } from '../../helpers/report-invariants.js';

// The spurious input request spends one round before the server's own two.
const FAULTS = `scenarios:
  - id: two-rounds
    prompt: Use the MRTR two rounds demo for the quarterly report.
    tool: mrtr_two_rounds
    fault: spurious-input-required
  - id: roots
    prompt: Use the MRTR roots demo for the quarterly report.
    tool: mrtr_roots
    fault: spurious-input-required
`;

interface Chaos {
  run: CliRun;
  report?: Report;
}

async function chaos(faults: string, extra: string[]): Promise<Chaos> {
  const report = join(tempDir(), 'report.json');
  const args = ['chaos', '--stdio', referenceStdio(), '--model', 'baseline', '--faults', faults, '--runs', '1', '--report', report];
  const run = await runCli([...args, ...extra], { timeoutMs: 60_000 });
  return { run, ...(run.code === 2 ? {} : { report: readPossibleReport(report) }) };
}

const finalText = (c: Chaos, id: string): string => c.report!.chaos!.agent!.scenarios.find((s) => s.id === id)!.samples[0]!.finalText;
const verdictOf = (c: Chaos, id: string): string => c.report!.chaos!.agent!.scenarios.find((s) => s.id === id)!.samples[0]!.verdict;
const twoRoundsReplies = (c: Chaos): string[] =>
  c.report!.chaos!.agent!.events.filter((e) => e.tool === 'mrtr_two_rounds').map((e) => e.replyExcerpt ?? '');

let oneRound: Chaos;
let byDefault: Chaos;
let badRoot: Chaos;
let configured: Chaos;

/** `mcpgate run` with layer 1 (one case) and the chaos scenarios, both under the eval section's MRTR limits. */
async function runConfigured(faults: string): Promise<Chaos> {
  const dir = tempDir();
  writeFileSync(
    join(dir, 'golden.yaml'),
    'cases:\n  - id: weather\n    prompt: What is the weather in Paris?\n    expect_tool: get_weather\n',
  );
  const config = join(dir, 'mcpgate.yaml');
  writeFileSync(
    config,
    `server:\n  stdio: ${JSON.stringify(referenceStdio())}\neval:\n  golden: ${join(dir, 'golden.yaml')}\n  models: [baseline]\n  runs: 1\n  cache: 'off'\n  max_rounds: 2\n  roots: [file:///tmp/mcpgate-project]\nchaos:\n  faults: ${faults}\nreport:\n  dir: ${join(dir, 'reports')}\n`,
  );
  const run = await runCli(['run', '--config', config], { timeoutMs: 60_000 });
  return { run, report: readPossibleReport(join(dir, 'reports', 'report.json')) };
}

beforeAll(async () => {
  const faults = join(tempDir(), 'faults.yaml');
  writeFileSync(faults, FAULTS);
  [oneRound, byDefault, badRoot, configured] = await Promise.all([
    chaos(faults, ['--max-rounds', '1']),
    chaos(faults, ['--root', 'file:///tmp/mcpgate-project']),
    chaos(faults, ['--root', 'https://example.com/project']),
    runConfigured(faults),
  ]);
});

describe('mcpgate chaos --max-rounds and --root', () => {
  it('--max-rounds 1: the agent gives up the call after one round, as layer 1 does', () => {
    expect(oneRound.run.code).toBe(0);
    expect(finalText(oneRound, 'two-rounds')).toContain(
      'mrtr_two_rounds still asked for input after 1 round(s) (--max-rounds, eval.max_rounds); the call was given up',
    );
    // The first call and one retry; the server's second input request is never answered.
    expect(twoRoundsReplies(oneRound)).toHaveLength(2);
    expect(twoRoundsReplies(oneRound)[1]).toContain('"resultType":"input_required"');
    // A call given up on another round got no real result: that is no successful retry.
    expect(verdictOf(oneRound, 'two-rounds')).not.toBe('retried');
  });

  it('by default (4 rounds) the agent answers every round and the call completes', () => {
    expect(byDefault.run.code).toBe(0);
    expect(finalText(byDefault, 'two-rounds')).toContain('mrtr_two_rounds returned: Finished mrtr_two_rounds for "quarterly report"');
    const replies = twoRoundsReplies(byDefault);
    expect(replies).toHaveLength(4);
    expect(replies[3]).toContain('"resultType":"complete"');
    expect(verdictOf(byDefault, 'two-rounds')).toBe('retried');
  });

  it('--root reaches the roots request; without it the client declares no roots capability', () => {
    expect(finalText(byDefault, 'roots')).toContain('mrtr_roots returned: Finished mrtr_roots for "quarterly report". roots: 1 root(s)');
    expect(finalText(oneRound, 'roots')).toContain('needs the client capability {"roots":{}}');
  });

  // Two rounds: enough for the roots scenario (spurious + roots), one short for two-rounds (spurious + two).
  it('mcpgate run: eval.max_rounds and eval.roots reach the chaos scenarios too', () => {
    expect(configured.run.stderr).not.toContain('Error');
    expect(finalText(configured, 'two-rounds')).toContain('still asked for input after 2 round(s)');
    expect(finalText(configured, 'roots')).toContain('roots: 1 root(s)');
  });

  it('a --root that is not a file:// URI: exit 2, one line', () => {
    expect([badRoot.run.code, badRoot.run.stderr]).toEqual([
      2,
      'mcpgate: --root needs a file:// URI, e.g. file:///home/me/project, got "https://example.com/project"\n',
    ]);
  });
});

/**
 * A big run history for bench/view-scale.ts, made the way a project makes one: one real `mcpgate run`
 * of a 100-case golden set with three models (two on an instant fake model on 127.0.0.1, and the
 * lexical baseline) against the reference server over HTTP, then the rest of the runs derived from its
 * report and recorded through the real history store (recordRun), each a later run in which a few case
 * results moved and, now and then, a tool description changed. No entry or report is written by hand.
 */

import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { recordRun } from '../src/gate/history.js';
import { parseReport } from '../src/report/json.js';
import type { EvalCaseResult, EvalSample, Report } from '../src/report/model.js';
import { launchHttpServer } from '../examples/launch.js';
import { startFakeModel } from './fake-model.js';

const CITIES = ['Paris', 'Tokyo', 'Berlin', 'Lagos', 'Sydney'];
export const BENCH_MODELS = ['openai-compatible:bench-a', 'openai-compatible:bench-b', 'baseline'];

/** N weather cases; every tenth names a city the reference server does not know, so it fails. */
function goldenSet(cases: number): string {
  const lines = ['defaults:', '  runs: 5', 'cases:'];
  for (let i = 0; i < cases; i++) {
    const city = i % 10 === 9 ? 'Atlantis' : CITIES[i % CITIES.length]!;
    const expected = i % 10 === 9 ? 'Paris' : city;
    lines.push(
      `  - id: weather-${String(i).padStart(3, '0')}`,
      `    prompt: What is the weather in ${city} right now? (case ${i})`,
      `    expect_tool: get_weather`,
      `    expect_args:`,
      `      city: { match: normalized, value: ${expected} }`,
      ...(i % 4 === 0 ? ['    kind: soft'] : []),
    );
  }
  return `${lines.join('\n')}\n`;
}

/** The first run, made by the real runner: `mcpgate run` as a project runs it, recording into `history`. */
export async function realRun(root: string, dir: string, history: string, cases: number): Promise<Report> {
  const server = await launchHttpServer(process.execPath, [join(root, 'examples/reference-server/main.js')]);
  const model = await startFakeModel();
  try {
    writeFileSync(join(dir, 'tasks.yaml'), goldenSet(cases));
    const config = [
      'server:',
      `  url: ${server.url}`,
      'eval:',
      '  golden: tasks.yaml',
      `  models: [${BENCH_MODELS.join(', ')}]`,
      `  base_url: ${model.baseUrl}`,
      '  cache: off',
      'gate:',
      '  baseline: auto',
      'report:',
      '  dir: reports',
      'history:',
      `  dir: ${history}`,
      '',
    ].join('\n');
    writeFileSync(join(dir, 'mcpgate.yaml'), config);
    const child = spawn(process.execPath, [join(root, 'cli/mcpgate.js'), 'run', '--config', join(dir, 'mcpgate.yaml'), '--quiet'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, OPENAI_COMPATIBLE_API_KEY: 'bench-key' },
    });
    let output = '';
    for (const stream of [child.stdout, child.stderr]) stream.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    if (code !== 0 && code !== 1) throw new Error(`mcpgate run exited ${code}: ${output.slice(-600)}`);
    return parseReport(readFileSync(join(dir, 'reports/report.json'), 'utf8'));
  } finally {
    await model.close();
    await server.stop();
  }
}

/** A sample turned from pass to fail or back, as a model that changed its mind would. */
function flipped(sample: EvalSample, pass: boolean): EvalSample {
  if (pass) return { ...sample, status: 'pass', selection: 'correct', reasons: [] };
  return { ...sample, status: 'fail', selection: 'wrong', reasons: ['called lookup_customer first, expected get_weather'] };
}

/** The case with `fails` of its samples failing, its counts and status following. */
function withFailures(c: EvalCaseResult, fails: number): EvalCaseResult {
  const trajectories = c.trajectories.map((s, i) => flipped(s, i >= fails));
  const passes = trajectories.filter((s) => s.status === 'pass').length;
  const status = passes >= c.required ? 'pass' : 'fail';
  return { ...c, trajectories, passes, passRate: passes / c.runs, status, flaky: passes > 0 && passes < c.runs };
}

/**
 * Run `i` after the first: a few cases of one model moved, and every 100th run a tool description was
 * reworded (a new fingerprint). Counted `fails` follow a slow wave, so pass rates drift up and down.
 */
export function laterRun(first: Report, i: number): Report {
  const ev = first.eval!;
  const startedAt = new Date(Date.parse(first.startedAt) + i * 3_600_000).toISOString();
  const model = ev.models[i % ev.models.length]!.id;
  const moved = new Set([i % ev.cases.length, (i * 7) % ev.cases.length, (i * 13) % ev.cases.length]);
  const cases = ev.cases.map((c, index) =>
    c.model === model && moved.has(Math.floor(index / ev.models.length)) ? withFailures(c, 1 + (i % 4)) : c,
  );
  const revision = Math.floor(i / 100);
  const tools = first.target.tools?.map((t) =>
    t.name === 'get_weather' && revision > 0 ? { ...t, description: `${t.description ?? ''} (revision ${revision})` } : t,
  );
  const fingerprint = first.target.fingerprint && {
    ...first.target.fingerprint,
    toolsSha256:
      revision > 0
        ? `${revision.toString(16).padStart(4, '0')}${first.target.fingerprint.toolsSha256.slice(4)}`
        : first.target.fingerprint.toolsSha256,
  };
  const failing = cases.some((c) => c.kind === 'hard' && c.status !== 'pass');
  const { gate: _gate, ...rest } = first;
  return {
    ...rest,
    startedAt,
    target: { ...first.target, ...(tools ? { tools } : {}), ...(fingerprint ? { fingerprint } : {}) },
    eval: { ...ev, cases },
    verdict: { exitCode: failing ? 1 : 0, reason: failing ? 'a hard case failed' : 'every hard case passed' },
  };
}

/** Records runs `from` (included) to `to` (excluded) after the real first one. */
export function recordRange(history: string, first: Report, from: number, to: number): void {
  for (let i = from; i < to; i++) recordRun(history, laterRun(first, i));
}

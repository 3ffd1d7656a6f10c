/**
 * Run histories for the viewer's tests, each made by real `mcpgate run`s as a project makes them:
 * mcpgate.yaml with `gate.baseline: auto`, a golden set, the lexical baseline model and a scripted
 * model on 127.0.0.1 (fake-llm.ts) whose answers the test changes between runs.
 */

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readHistory } from '../../src/gate/history.js';
import type { Report } from '../../src/report/model.js';
import { ROOT, referenceStdio, runCli, tempDir } from './cli.js';
import { readPossibleReport } from './report-invariants.js';
import { chatCompletion, startFakeOpenAI, type FakeLlm, type RecordedRequest, type ScriptedCall } from './fake-llm.js';
import { goldenEdit } from './golden-edits.js';
import { LINK_TOOL, MARKUP, MARKUP_TOOL, SCRIPT_TOOL } from '../fixtures/hostile/markup-text.js';

const RUN_TIMEOUT_MS = 120_000;
const KEY = 'sk-test-0123456789abcdef0123456789abcdef';
export const SCRIPTED = 'openai-chat:scripted';

export interface BuiltHistory {
  history: string;
  /** Oldest first, one per `mcpgate run`. */
  runIds: string[];
  reports: Report[];
  exitCodes: Array<number | null>;
}

function lastUser(request: RecordedRequest): string {
  const messages = request.body.messages as Array<{ role: string; content: unknown }>;
  const user = [...messages].reverse().find((m) => m.role === 'user')?.content;
  return typeof user === 'string' ? user : JSON.stringify(user ?? '');
}

function afterTool(request: RecordedRequest): boolean {
  const messages = request.body.messages as Array<{ role: string }>;
  return messages.at(-1)?.role === 'tool';
}

const call = (name: string, args: Record<string, unknown>): ReturnType<typeof chatCompletion> =>
  chatCompletion({ calls: [{ id: 'c1', name, arguments: args } satisfies ScriptedCall] });

interface Project {
  dir: string;
  history: string;
  run(server: string): Promise<{ code: number | null; report: Report; stdout: string }>;
}

function project(golden: string, models: string[], llm: FakeLlm): Project {
  const dir = tempDir();
  const history = join(dir, 'history');
  writeFileSync(join(dir, 'tasks.yaml'), golden);
  return {
    dir,
    history,
    async run(server) {
      const config = [
        'server:',
        `  stdio: '${server}'`,
        'eval:',
        '  golden: tasks.yaml',
        `  models: [${models.join(', ')}]`,
        '  cache: off',
        'gate:',
        '  baseline: auto',
        'report:',
        '  dir: reports',
        'history:',
        '  dir: history',
        '',
      ].join('\n');
      writeFileSync(join(dir, 'mcpgate.yaml'), config);
      const result = await runCli(['run', '--config', join(dir, 'mcpgate.yaml')], {
        timeoutMs: RUN_TIMEOUT_MS,
        env: { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: llm.baseUrl },
      });
      if (result.code !== 0 && result.code !== 1) throw new Error(`mcpgate run exited ${result.code}: ${result.stderr.slice(-800)}`);
      return { code: result.code, report: readPossibleReport(join(dir, 'reports/report.json')), stdout: result.stdout };
    },
  };
}

async function record(p: Project, servers: string[], before: (i: number) => Promise<void> | void): Promise<BuiltHistory> {
  const reports: Report[] = [];
  const exitCodes: Array<number | null> = [];
  for (const [i, server] of servers.entries()) {
    await before(i);
    const { code, report } = await p.run(server);
    reports.push(report);
    exitCodes.push(code);
  }
  return { history: p.history, runIds: readHistory(p.history).entries.map((e) => e.entry.runId), reports, exitCodes };
}

/**
 * Three runs of the reference server with the baseline model and a scripted one. Monday: every case
 * right, the baseline. Tuesday: the same server, but the scripted model now calls lookup_customer for
 * 4 of 5 runs of invoices-for-customer (model drift). Wednesday: the server changed (convert_currency's
 * schema, `--break number-header-param`) and the model still picks wrong (a regression).
 */
export async function referenceHistory(): Promise<BuiltHistory> {
  const state = { drifted: false, invoices: 0 };
  const llm = await startFakeOpenAI((request) => {
    if (afterTool(request)) return chatCompletion({ text: 'Done.' });
    const user = lastUser(request);
    if (user.includes('Paris')) return call('get_weather', { city: 'Paris' });
    if (user.includes('CUS-003')) return call('lookup_customer', { customer_id: 'CUS-003' });
    if (user.includes('invoices')) {
      const wrong = state.drifted && state.invoices++ % 5 !== 0;
      return call(wrong ? 'lookup_customer' : 'search_invoices', { customer_id: 'CUS-002' });
    }
    return chatCompletion({ text: 'I can answer that without a tool.' });
  });
  try {
    const p = project(goldenEdit().original, ['baseline', SCRIPTED], llm);
    return await record(p, [referenceStdio(), referenceStdio(), referenceStdio('--break number-header-param')], (i) => {
      state.drifted = i > 0;
      state.invoices = 0;
    });
  } finally {
    await llm.close();
  }
}

export const HOSTILE_CASE = `<script>window.__pwned = 12</script>`;
export const HOSTILE_REASON = `<img src=x onerror="window.__pwned = 13"> accepted`;

/**
 * Two runs of the markup server (fixtures/hostile/markup-server.ts) with a scripted model that calls
 * its hostile tools with hostile arguments and answers with markup. The server fails MUST checks, so
 * the first run is accepted as the baseline by hand (with markup in the reason); in the second, the
 * server's surface changed and the model calls the markup-named tool where `weather` was expected.
 */
export async function markupHistory(): Promise<BuiltHistory> {
  const state = { confused: false };
  const llm = await startFakeOpenAI((request) => {
    if (afterTool(request)) return chatCompletion({ text: `Here you are: ${MARKUP}` });
    const user = lastUser(request);
    if (user.includes('weather')) return call(state.confused ? MARKUP_TOOL : 'weather', { city: MARKUP, q: MARKUP });
    if (user.includes('script')) return call(SCRIPT_TOOL, { q: MARKUP });
    if (user.includes('link')) return call(LINK_TOOL, {});
    return call(MARKUP_TOOL, { q: MARKUP });
  });
  const golden = [
    'defaults:',
    '  runs: 3',
    'cases:',
    '  - id: weather-london',
    '    prompt: What is the weather in London?',
    '    expect_tool: weather',
    '  - id: run-the-script',
    '    prompt: Run the script tool.',
    `    expect_tool: ${JSON.stringify(SCRIPT_TOOL)}`,
    '  - id: follow-the-link',
    '    prompt: Follow the link tool.',
    `    expect_tool: ${JSON.stringify(LINK_TOOL)}`,
    `  - id: ${JSON.stringify(HOSTILE_CASE)}`,
    '    prompt: Look something up.',
    `    expect_tool: ${JSON.stringify(MARKUP_TOOL)}`,
    '',
  ].join('\n');
  const server = (revision: number): string =>
    `"${process.execPath}" "${join(ROOT, 'dist/test/fixtures/hostile/markup-server.js')}" --revision ${revision}`;
  try {
    const p = project(golden, [SCRIPTED], llm);
    return await record(p, [server(1), server(2)], async (i) => {
      state.confused = i > 0;
      if (i === 0) return;
      const accepted = await runCli(['baseline', 'accept', 'latest', '--reason', HOSTILE_REASON, '--history-dir', p.history]);
      if (accepted.code !== 0) throw new Error(`baseline accept exited ${accepted.code}: ${accepted.stderr}`);
    });
  } finally {
    await llm.close();
  }
}

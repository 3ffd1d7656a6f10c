/** `mcpgate init` scaffolding and `mcpgate run` from one mcpgate.yaml. */

import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchHttpServer, type LaunchedServer } from '../../../examples/launch.js';
import { parse } from 'yaml';
import { loadGoldenSet } from '../../../src/behavior/golden/index.js';
import { readHistory } from '../../../src/gate/history.js';
import { loadConfig } from '../../../src/pipeline/config.js';
import { CLI, REFERENCE_SERVER, ROOT, referenceStdio, runCli, tempDir } from '../../helpers/cli.js';
import { readPossibleReport } from '../../helpers/report-invariants.js';
import { CONFUSABLE } from '../../helpers/confusable.js';
import { closedPortUrl } from '../../helpers/fake-servers.js';

describe('mcpgate init', () => {
  it('drafts a config, a golden set with negative cases, a rubric and a workflow from the server', async () => {
    const dir = tempDir();
    const run = await runCli(['init', '--dir', dir, '--stdio', referenceStdio()]);
    expect(run.code).toBe(0);
    const golden = loadGoldenSet(join(dir, 'golden/tasks.yaml'));
    expect(golden.cases.filter((c) => c.expect.kind === 'none').length).toBeGreaterThanOrEqual(3);
    expect(golden.cases.map((c) => c.id)).toContain('get_weather-basic');
    const config = loadConfig(join(dir, 'mcpgate.yaml'));
    expect(config.server?.stdio).toBe(referenceStdio());
    // The rubrics are drawn from the server's tools: one per drafted tool, from its description.
    const rubric = readFileSync(join(dir, 'golden/rubric.md'), 'utf8');
    expect(rubric).toContain('## get_weather\nWhat it does, by its description: Get the weather right now in one city');
    expect(rubric.match(/^## /gm)).toHaveLength(16);
    const workflow = parse(readFileSync(join(dir, '.github/workflows/mcpgate.yml'), 'utf8')) as {
      on: Record<string, unknown>;
      jobs: Record<string, { if?: string; needs?: string; steps: Array<{ with?: { key?: string } }> }>;
    };
    expect(Object.keys(workflow.on)).toEqual(expect.arrayContaining(['push', 'schedule']));
    expect(workflow.jobs.evals!.if).toContain('run-evals');
    expect(JSON.stringify(workflow.jobs.evals!.steps)).toContain("hashFiles('golden/**')");
    // The weekly matrix is eval.models as the models job reads it from mcpgate.yaml.
    expect(workflow.jobs.models!.if).toContain('schedule');
    expect(workflow.jobs.matrix!.needs).toBe('models');
  });

  it("draws the rubrics from another server's tools, with nothing about weather", async () => {
    const dir = tempDir();
    expect((await runCli(['init', '--dir', dir, '--stdio', CONFUSABLE])).code).toBe(0);
    const rubric = readFileSync(join(dir, 'golden/rubric.md'), 'utf8');
    expect(rubric.match(/^## .*$/gm)).toEqual(['## search_orders', '## find_orders', '## get_time']);
    expect(rubric).not.toMatch(/weather/i);
  });

  it('for a server without tools: no golden set and no rubric, layer 1 off in the config, and it says why', async () => {
    const dir = tempDir();
    const server = `"${process.execPath}" "${join(ROOT, 'dist/test/fixtures/listed-tools-server.js')}" '[]'`;
    const run = await runCli(['init', '--dir', dir, '--stdio', server]);
    expect(run.code, run.stderr).toBe(0);
    expect(existsSync(join(dir, 'golden'))).toBe(false);
    expect(run.stdout).toContain(`no golden case drafted: ${server} lists no tools`);
    expect(run.stdout).toContain('layer 1 is off in mcpgate.yaml until eval.golden and eval.models are set');
    expect(loadConfig(join(dir, 'mcpgate.yaml')).eval?.models).toBeUndefined();
  });

  it('prints how to make and commit the tarball the workflow installs', async () => {
    const dir = tempDir();
    const run = await runCli(['init', '--dir', dir]);
    expect(run.code).toBe(0);
    const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
    expect(run.stdout).toContain(
      [
        `mcpgate is not on a registry yet: the workflow installs it from vendor/mcpgate-${version}.tgz, which you make once and commit:`,
        `  in a clone of mcpgate:  npm ci && npm pack      (writes mcpgate-${version}.tgz)`,
        `  in this project:        mkdir -p vendor && cp /path/to/mcpgate/mcpgate-${version}.tgz vendor/mcpgate-${version}.tgz`,
        `                          git add vendor/mcpgate-${version}.tgz && git commit -m "Vendor mcpgate ${version} for CI"`,
      ].join('\n'),
    );
    const workflow = parse(readFileSync(join(dir, '.github/workflows/mcpgate.yml'), 'utf8')) as { env: Record<string, string> };
    expect(workflow.env.MCPGATE_PACKAGE).toBe(`vendor/mcpgate-${version}.tgz`);
    expect(run.stdout).toContain('no golden cases drafted: no server named');
  });

  it('never overwrites without --force', async () => {
    const dir = tempDir();
    expect((await runCli(['init', '--dir', dir])).code).toBe(0);
    writeFileSync(join(dir, 'mcpgate.yaml'), 'server:\n  url: http://example.invalid/mcp\n');
    const again = await runCli(['init', '--dir', dir]);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('not overwriting');
    expect(readFileSync(join(dir, 'mcpgate.yaml'), 'utf8')).toContain('example.invalid');
    expect((await runCli(['init', '--dir', dir, '--force'])).code).toBe(0);
  });
});

describe('mcpgate init keeps .mcpgate/ out of git', () => {
  const IGNORE_LINE = '.mcpgate/';

  it('creates .gitignore with it when there is none', async () => {
    const dir = tempDir();
    const run = await runCli(['init', '--dir', dir]);
    expect(run.code).toBe(0);
    expect(readFileSync(join(dir, '.gitignore'), 'utf8').split('\n')).toContain(IGNORE_LINE);
    expect(run.stdout).toContain(`wrote ${join(dir, '.gitignore')} (.mcpgate/: the cache, reports and history runs write)`);
  });

  it('appends it to an existing .gitignore, leaving every line there as it was (a missing final newline too)', async () => {
    const dir = tempDir();
    const before = 'node_modules/\r\n# build output\ndist\n!keep.mcpgate';
    writeFileSync(join(dir, '.gitignore'), before);
    const run = await runCli(['init', '--dir', dir]);
    expect(run.code).toBe(0);
    const after = readFileSync(join(dir, '.gitignore'), 'utf8');
    expect(after.startsWith(`${before}\n`)).toBe(true);
    expect(
      after
        .slice(before.length)
        .split('\n')
        .filter((line) => line === IGNORE_LINE),
    ).toHaveLength(1);
    expect(run.stdout).toContain(`added .mcpgate/ to ${join(dir, '.gitignore')}`);
    // Run again (with --force for the other files): listed once, nothing appended.
    expect((await runCli(['init', '--dir', dir, '--force'])).code).toBe(0);
    expect(readFileSync(join(dir, '.gitignore'), 'utf8')).toBe(after);
  });

  it.each(['.mcpgate', '/.mcpgate/', '.mcpgate/**'])('leaves a .gitignore alone that already lists it as %j', async (listed) => {
    const dir = tempDir();
    const before = `dist/\n  ${listed}\n`;
    writeFileSync(join(dir, '.gitignore'), before);
    const run = await runCli(['init', '--dir', dir]);
    expect(run.code).toBe(0);
    expect(readFileSync(join(dir, '.gitignore'), 'utf8')).toBe(before);
    expect(run.stdout).not.toContain('.gitignore');
  });
});

describe('mcpgate init suggests check.calls for the tools layer 0 does not call by itself', () => {
  const callLog = join(tempDir(), 'calls.log');
  let server: LaunchedServer;
  beforeAll(async () => {
    server = await launchHttpServer(process.execPath, [REFERENCE_SERVER], { env: { ...process.env, REFERENCE_SERVER_CALL_LOG: callLog } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** Removes the `# ` after the indent of the `calls:` key and of the suggestions for these tools. */
  function uncomment(text: string, tools: string[]): string {
    return text
      .split('\n')
      .map((line) =>
        /^ {2}# calls:/.test(line) || tools.some((tool) => line.startsWith(`  #   - {tool: ${JSON.stringify(tool)},`))
          ? line.replace('# ', '')
          : line,
      )
      .join('\n');
  }

  it('comments out a call with sample arguments for the writing tool, only names the destructive ones, and calls nothing', async () => {
    const dir = tempDir();
    const run = await runCli(['init', '--dir', dir, '--url', server.url]);
    expect(run.code).toBe(0);
    const file = join(dir, 'mcpgate.yaml');
    const text = readFileSync(file, 'utf8');
    // As written, nothing is called beyond what layer 0 calls anyway.
    expect(loadConfig(file).check).toEqual({ strict: false });
    expect(text).toContain('  # Layer 0 calls the 13 of 16 listed tools annotated readOnlyHint: true by itself.\n');
    const suggestions = text.split('\n').filter((line) => line.startsWith('  #   - {tool: '));
    expect(suggestions).toEqual([
      '  #   - {tool: "create_invoice", arguments: {"customer_id":"CUS-001","amount":250,"currency":"USD"}}   # annotated destructiveHint: false',
    ]);
    expect(text).toMatch(/# \(check\.allow_tools, --allow-tool, or a check\.calls entry you write\): delete_invoice, send_email\n/);
    expect(existsSync(callLog) ? readFileSync(callLog, 'utf8') : '').toBe('');

    // Layer 0 does not call it by itself...
    const before = await runCli(['run', '--config', file, '--check-only'], { cwd: dir });
    expect(before.code, before.stdout + before.stderr).toBe(0);
    expect(readFileSync(callLog, 'utf8').split('\n')).not.toContain('create_invoice');
    // ...uncommented, the suggestion is a check.calls entry the loader accepts, and layer 0 makes that call.
    writeFileSync(file, uncomment(text, ['create_invoice']));
    expect(loadConfig(file).check?.calls).toEqual([
      { tool: 'create_invoice', arguments: { customer_id: 'CUS-001', amount: 250, currency: 'USD' } },
    ]);
    const check = await runCli(['run', '--config', file, '--check-only'], { cwd: dir });
    expect(check.code, check.stdout + check.stderr).toBe(0);
    const called = readFileSync(callLog, 'utf8').split('\n');
    expect(called).toContain('create_invoice');
    expect(called).not.toContain('delete_invoice');
    expect(called).not.toContain('send_email');
  });
});

describe('mcpgate run', () => {
  function config(body: string): string {
    const dir = tempDir();
    writeFileSync(join(dir, 'mcpgate.yaml'), body.replace('REPORT_DIR', join(dir, 'reports')));
    return dir;
  }

  it('layer 0 only when no model is configured: one report, exit 0', async () => {
    const dir = config(`server:\n  stdio: '${referenceStdio()}'\nreport:\n  dir: REPORT_DIR\n  formats: [json, junit]\n`);
    const run = await runCli(['run', '--config', join(dir, 'mcpgate.yaml')]);
    expect(run.code).toBe(0);
    const report = readPossibleReport(join(dir, 'reports/report.json'));
    expect(report.checks.length).toBeGreaterThan(40);
    expect(report.eval).toBeUndefined();
    expect(report.target.fingerprint?.toolCount).toBe(16);
    expect(existsSync(join(dir, 'reports/junit.xml'))).toBe(true);
  });

  it('layers 0 and 1 into one report; the worst layer sets the exit code', async () => {
    const golden = join(tempDir(), 'tasks.yaml');
    writeFileSync(
      golden,
      '- id: chit-chat\n  prompt: hi there\n  expect_tool: null\n- id: paris\n  prompt: "What is the weather in Paris?"\n  expect_tool: get_forecast\n',
    );
    const dir = config(
      `server:\n  stdio: '${referenceStdio()}'\neval:\n  golden: ${golden}\n  models: [baseline]\n  runs: 2\nreport:\n  dir: REPORT_DIR\n`,
    );
    const run = await runCli(['run', '--config', join(dir, 'mcpgate.yaml')]);
    const report = readPossibleReport(join(dir, 'reports/report.json'));
    expect(report.checks.length).toBeGreaterThan(0);
    expect(report.checks.every((c) => c.status !== 'fail')).toBe(true);
    expect(report.eval!.cases.map((c) => [c.id, c.status])).toEqual([
      ['chit-chat', 'pass'],
      ['paris', 'fail'],
    ]);
    expect(run.code).toBe(1);
    expect(report.verdict.reason).toMatch(/^layer 1:/);
  });

  it('against a server that does not answer: the verdict line of `check` alone, exit 3, and no history entry', async () => {
    const url = await closedPortUrl();
    const dir = config(`server:\n  url: ${url}\ngate:\n  baseline: auto\nhistory:\n  record: true\n`);
    const run = await runCli(['run', '--config', join(dir, 'mcpgate.yaml')]);
    expect(run.code).toBe(3);
    expect(run.stderr).toBe('');
    const line = `UNREACHABLE: connection refused by ${new URL(url).host}: is the server running and listening on that port? (exit code 3)\n`;
    expect(run.stdout).toBe(line);
    const check = await runCli(['check', '--url', url]);
    expect(check.stdout.endsWith(`\n${line}`)).toBe(true);
    // The report says so; the history (by default beside the config) has no entry for a run that measured nothing.
    expect(readPossibleReport(join(dir, '.mcpgate/reports/report.json')).verdict.exitCode).toBe(3);
    expect(existsSync(join(dir, '.mcpgate/history'))).toBe(false);
  });

  it('--list-models prints the models the run would evaluate, for the weekly matrix: [] when none, no key needed', async () => {
    const withModels = config(
      `server:\n  stdio: node x.js\neval:\n  golden: tasks.yaml\n  models: [baseline, openai:gpt-4.1-mini, "ollama:llama3.1:8b"]\n`,
    );
    const file = join(withModels, 'mcpgate.yaml');
    const env = { OPENAI_API_KEY: '' };
    const listed = await runCli(['run', '--config', file, '--list-models'], { env });
    expect([listed.code, listed.stdout, listed.stderr]).toEqual([0, '["baseline","openai:gpt-4.1-mini","ollama:llama3.1:8b"]\n', '']);
    expect((await runCli(['run', '--config', file, '--list-models', '--check-only'], { env })).stdout).toBe('[]\n');
    expect((await runCli(['run', '--config', file, '--list-models', '--model', 'baseline'], { env })).stdout).toBe('["baseline"]\n');
    const none = await runCli(['run', '--config', join(config('server:\n  stdio: node x.js\n'), 'mcpgate.yaml'), '--list-models']);
    expect([none.code, none.stdout]).toEqual([0, '[]\n']);
    // A config with a problem is reported as for any run (exit 2), so the matrix never runs on a guess.
    const broken = await runCli([
      'run',
      '--config',
      join(config('server:\n  stdio: node x.js\neval:\n  modles: [x]\n'), 'mcpgate.yaml'),
      '--list-models',
    ]);
    expect(broken.code).toBe(2);
  });

  it('a misspelt key names file, line and the fix: exit 2', async () => {
    const dir = config(`server:\n  stdio: node x.js\neval:\n  modles: [baseline]\n`);
    const run = await runCli(['run', '--config', join(dir, 'mcpgate.yaml')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`${join(dir, 'mcpgate.yaml')}:4:3: eval.modles is not a key (did you mean "models"?)`);
  });

  it('an unset ${VAR} is named, and a missing file points to init', async () => {
    const dir = config(`server:\n  url: http://127.0.0.1:1/mcp\n  headers:\n    Authorization: "Bearer \${MCPGATE_TEST_UNSET_TOKEN}"\n`);
    const run = await runCli(['run', '--config', join(dir, 'mcpgate.yaml')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('environment variable MCPGATE_TEST_UNSET_TOKEN is not set');
    const missing = await runCli(['run', '--config', join(dir, 'nope.yaml')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('mcpgate init');
  });
});

describe('action.yml', () => {
  it('runs the built CLI of this repository, caches the history and uploads the reports', () => {
    const action = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as {
      runs: { using: string; steps: Array<{ run?: string; uses?: string; with?: { path?: string } }> };
    };
    expect(action.runs.using).toBe('composite');
    const script = action.runs.steps.map((s) => s.run ?? '').join('\n');
    // The bin npm installs for users, which is also what every test here runs.
    const bin = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { bin: { mcpgate: string } }).bin.mcpgate;
    expect(script).toContain(`$GITHUB_ACTION_PATH/${bin}`);
    // Inputs reach the shell through env only: an input holding `$(...)` is never run.
    expect(script).not.toContain('${{');
    const uses = action.runs.steps.filter((s) => s.uses);
    expect(uses.find((s) => s.uses!.startsWith('actions/cache'))?.with?.path).toBe('${{ inputs.history-dir }}');
    expect(uses.find((s) => s.uses!.startsWith('actions/upload-artifact'))?.with?.path).toBe('${{ inputs.reports-dir }}');
    expect(existsSync(CLI)).toBe(true);
    expect(CLI).toBe(join(ROOT, bin));
  });
});

describe('mcpgate run with a gate and history', () => {
  it('starts a history on the first run, then gates the next run against it', async () => {
    const dir = tempDir();
    const golden = join(dir, 'tasks.yaml');
    writeFileSync(
      golden,
      '- id: chit-chat\n  prompt: hi there\n  expect_tool: null\n- id: paris\n  prompt: "What is the weather in Paris?"\n  expect_tool: get_forecast\n',
    );
    writeFileSync(
      join(dir, 'mcpgate.yaml'),
      `server:\n  stdio: '${referenceStdio()}'\neval:\n  golden: ${golden}\n  models: [baseline]\n  runs: 5\ngate:\n  baseline: auto\nreport:\n  dir: ${join(dir, 'reports')}\n  formats: [json, markdown, html, sarif]\nhistory:\n  dir: ${join(dir, 'history')}\n  record: true\n`,
    );
    const first = await runCli(['run', '--config', join(dir, 'mcpgate.yaml')]);
    // The first run: the hard rules decide, it becomes the baseline, and its entry says what its exit code says.
    expect(first.code).toBe(0);
    const [entry] = readHistory(join(dir, 'history')).entries.map((e) => e.entry);
    expect(entry).toMatchObject({ green: true, verdict: { exitCode: 0 } });
    expect(entry!.verdict.reason).toBe(`gate: no baseline yet: recorded run ${entry!.runId} as the baseline; soft scores not compared`);
    expect(first.stdout).toContain(`PASS: gate: no baseline yet: recorded run ${entry!.runId} as the baseline`);
    const second = await runCli(['run', '--config', join(dir, 'mcpgate.yaml')]);
    expect(second.stdout).toContain(`against the baseline run ${entry!.runId} of ${entry!.startedAt}`);
    expect(second.code).toBe(0);
    for (const name of ['report.json', 'summary.md', 'report.html', 'mcpgate.sarif'])
      expect(existsSync(join(dir, 'reports', name))).toBe(true);
    expect(readHistory(join(dir, 'history')).entries).toHaveLength(2);

    // Right after a run, its report gates against the run before it, not against itself; and a history
    // directory copied elsewhere (a CI cache without the reports directory) gates on its own.
    const current = join(dir, 'current.json');
    cpSync(join(dir, 'reports', 'report.json'), current);
    cpSync(join(dir, 'history'), join(dir, 'copied'), { recursive: true });
    rmSync(join(dir, 'reports'), { recursive: true });
    rmSync(join(dir, 'history'), { recursive: true });
    const gated = await runCli(['gate', '--report', current, '--baseline', 'auto', '--history-dir', join(dir, 'copied')]);
    expect(gated.stdout).toContain(`against the baseline run ${entry!.runId} of ${entry!.startedAt}`);
    expect(gated.code).toBe(0);
  });
});

describe('mcpgate run with layer 2', () => {
  it('adds the robustness probes to the checks and the scan and pins to the chaos section', async () => {
    const dir = tempDir();
    writeFileSync(
      join(dir, 'mcpgate.yaml'),
      `server:\n  stdio: '${referenceStdio()}'\nchaos:\n  enabled: true\n  pins: ${join(dir, 'tools.lock')}\nreport:\n  dir: ${join(dir, 'reports')}\n`,
    );
    const run = await runCli(['run', '--config', join(dir, 'mcpgate.yaml')]);
    expect(run.code).toBe(0);
    const report = readPossibleReport(join(dir, 'reports/report.json'));
    expect(report.checks.filter((c) => c.area === 'robustness').length).toBe(8);
    expect(report.summary.total).toBe(report.checks.length);
    expect(report.chaos!.scan.findings).toEqual([]);
    expect(report.chaos!.pins!.status).toBe('written');
    expect(existsSync(join(dir, 'tools.lock'))).toBe(true);
  });
});

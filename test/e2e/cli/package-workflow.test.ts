/**
 * The package and the workflow a team adopts mcpgate with, run as a user would: `npm pack` gives a
 * tarball that installs into an empty project and runs; `mcpgate init` writes a workflow whose jobs
 * run step by step, as written, on a project whose server must be built first, following what init
 * printed about the tarball: a missing tarball fails with that advice, a failed run's history is
 * saved and restored like any other, and the weekly matrix is eval.models of mcpgate.yaml, each model
 * gated against its own history.
 *
 * No GitHub is involved: test/helpers/workflow-runner.ts emulates a runner (fresh workspace per job,
 * checkout as a clone of a local git repository, step conditions, GITHUB_PATH and GITHUB_OUTPUT, the
 * Actions cache with its key and restore-key rules). One shortcut: RUNNER_TEMP is shared by the jobs,
 * so that the install step, which still runs in every job, finds the packages it installed before.
 */

import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { launchHttpServer } from '../../../examples/launch.js';
import { draftYaml } from '../../../src/behavior/golden-draft/draft-yaml.js';
import { configTemplate } from '../../../src/cli/init/templates.js';
import { readHistory } from '../../../src/gate/history.js';
import { freePort, portInUse } from '../../helpers/ports.js';
import { REFERENCE_SERVER, ROOT, runCli, tempDir } from '../../helpers/cli.js';
import { ActionsCache, runJob, stepNamed, type JobResult, type RunContext, type Workflow } from '../../helpers/workflow-runner.js';

const run = promisify(execFile);
const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const INSTALL_TIMEOUT_MS = 240_000;

let tarball = '';

beforeAll(async () => {
  // dist/ is built by `npm test` (pretest); prepack would only build it again.
  const out = tempDir();
  await run('npm', ['pack', '--ignore-scripts', '--pack-destination', out], { cwd: ROOT, timeout: INSTALL_TIMEOUT_MS });
  tarball = join(out, `mcpgate-${VERSION}.tgz`);
}, INSTALL_TIMEOUT_MS);

describe('npm pack', () => {
  it('ships the CLI and builds before packing', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { files: string[]; scripts: Record<string, string> };
    expect(pkg.scripts.prepack).toBe('npm run build');
    expect(pkg.files).toContain('dist/cli');
    expect(existsSync(tarball)).toBe(true);
  });

  it(
    'installs into an empty project, where `npx mcpgate` prints its version and checks the reference server',
    async () => {
      const project = tempDir();
      // Its own package.json makes it the project npm installs into, whatever a folder above it holds.
      writeFileSync(join(project, 'package.json'), '{ "name": "empty-project", "private": true }\n');
      await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', tarball], { cwd: project, timeout: INSTALL_TIMEOUT_MS });
      const version = await run('npx', ['--no-install', 'mcpgate', '--version'], { cwd: project });
      expect(version.stdout.trim()).toBe(VERSION);
      const server = await launchHttpServer(process.execPath, [REFERENCE_SERVER]);
      try {
        const check = await run('npx', ['--no-install', 'mcpgate', 'check', '--url', server.url], {
          cwd: project,
          env: { ...process.env, NO_COLOR: '1' },
        });
        expect(check.stdout).toMatch(/^PASS: .*\(exit code 0\)$/m);
      } finally {
        await server.stop();
      }
      // The installed copy is the packed one, not this checkout: the bundle, which needs no other package.
      expect(existsSync(join(project, 'node_modules/mcpgate/dist/cli/mcpgate.js'))).toBe(true);
      expect(existsSync(join(project, 'node_modules/mcpgate/dist/cli/THIRD-PARTY-LICENSES.md'))).toBe(true);
      expect(existsSync(join(project, 'node_modules/mcpgate/dist/test'))).toBe(false);
      expect(readdirSync(join(project, 'node_modules')).filter((name) => !name.startsWith('.'))).toEqual(['mcpgate']);
      // The JSON Schemas init's mcpgate.yaml and golden/tasks.yaml name for editors ship where their first lines say.
      const schemaOf = (text: string): string => /^# yaml-language-server: \$schema=(\S+)$/m.exec(text)![1]!;
      expect(existsSync(resolve(project, schemaOf(configTemplate({ url: 'http://127.0.0.1:3000/mcp' }))))).toBe(true);
      expect(existsSync(resolve(project, 'golden', schemaOf(draftYaml({ cases: [], listed: 0, drafted: 0 }, 'server'))))).toBe(true);
    },
    INSTALL_TIMEOUT_MS,
  );
});

const GIT_IDENTITY = {
  GIT_AUTHOR_NAME: 'Ada',
  GIT_AUTHOR_EMAIL: 'ada@example.invalid',
  GIT_COMMITTER_NAME: 'Ada',
  GIT_COMMITTER_EMAIL: 'ada@example.invalid',
};

function git(repo: string, ...args: string[]): string {
  const done = spawnSync('git', args, { cwd: repo, encoding: 'utf8', env: { ...process.env, ...GIT_IDENTITY } });
  if (done.status !== 0) throw new Error(`git ${args.join(' ')}: ${done.stderr}`);
  return done.stdout;
}

/** A server that exists only once built: `npm run build` writes build/main.mjs, which .gitignore keeps out of the repository. */
function serverProject(repo: string): void {
  const name = 'weather-server';
  writeFileSync(
    join(repo, 'package.json'),
    JSON.stringify({ name, version: '1.0.0', private: true, scripts: { build: 'node scripts/build.mjs' } }),
  );
  writeFileSync(
    join(repo, 'package-lock.json'),
    JSON.stringify({ name, version: '1.0.0', lockfileVersion: 3, requires: true, packages: { '': { name, version: '1.0.0' } } }),
  );
  mkdirSync(join(repo, 'scripts'));
  const built = `import ${JSON.stringify(pathToFileURL(REFERENCE_SERVER).href)};\n`;
  writeFileSync(
    join(repo, 'scripts/build.mjs'),
    `import { mkdirSync, writeFileSync } from 'node:fs';\nmkdirSync('build', { recursive: true });\nwriteFileSync('build/main.mjs', ${JSON.stringify(built)});\n`,
  );
  writeFileSync(join(repo, '.gitignore'), 'build/\nnode_modules/\n');
}

/** The golden set after a first edit of init's drafts: one hard case the lexical baseline fails. */
const FAILING_GOLDEN = `cases:
  - id: weather-paris-now
    prompt: What's the weather like in Paris right now?
    expect_tool: get_weather
    kind: hard
  - id: weather-tokyo-fahrenheit
    prompt: how warm is it in tokyo at the moment? fahrenheit please, I'm American
    expect_tool: get_weather
    kind: hard
  - id: negative-small-talk
    prompt: "Thanks, that's all for today!"
    expect_tool: null
`;

/** ...and after the next: the Tokyo case is soft, so the baseline's miss is named but does not fail the run. */
const EDITED_GOLDEN = FAILING_GOLDEN.replace(
  `fahrenheit please, I'm American
    expect_tool: get_weather
    kind: hard`,
  `fahrenheit please, I'm American
    expect_tool: get_weather
    expect_args:
      city: { match: normalized, value: Tokyo }
      units: fahrenheit`,
);

function dump(job: JobResult): string {
  return job.steps.map((s) => `--- ${s.name} (exit ${s.code})\n${s.output}`).join('\n');
}

describe('the workflow mcpgate init writes', () => {
  it(
    'runs as generated on a server that needs a build: a missing tarball, then conformance, evals failing, green and gated, and the matrix of eval.models',
    async () => {
      const repo = tempDir();
      serverProject(repo);
      const port = await freePort();
      const url = `http://127.0.0.1:${port}/mcp`;
      // Built once on the developer's machine, so that init can start the server and list its tools.
      await run(process.execPath, ['scripts/build.mjs'], { cwd: repo });
      const init = await runCli(['init', '--url', url, '--start', `node build/main.mjs --port ${port}`], { cwd: repo, timeoutMs: 60_000 });
      expect(init.code, init.stderr).toBe(0);
      expect(await portInUse(port)).toBe(false);
      // The .gitignore that was there keeps its lines, and gains .mcpgate/.
      expect(readFileSync(join(repo, '.gitignore'), 'utf8')).toMatch(/^build\/\nnode_modules\/\n# mcpgate: .*\n\.mcpgate\/\n$/);
      git(repo, 'init', '--quiet');
      git(repo, 'add', '--all');
      git(repo, 'commit', '--quiet', '-m', 'mcpgate init');
      expect(git(repo, 'ls-files')).not.toContain('build/');

      const text = readFileSync(join(repo, '.github/workflows/mcpgate.yml'), 'utf8');
      const workflow = parse(text) as Workflow;
      expect(workflow.env.MCPGATE_PACKAGE).toBe(`vendor/mcpgate-${VERSION}.tgz`);
      const cache = new ActionsCache();
      const runnerTemp = tempDir();
      let runId = 100;
      const job = (name: string, context: Omit<RunContext, 'runId'> = {}): Promise<JobResult> =>
        runJob(workflow, name, { repository: repo, runnerTemp, cache, context: { runId: ++runId, ...context }, env: { NO_COLOR: '1' } });

      // Committed as init wrote it, without the tarball: the install step says what to do, not a git error.
      const missing = await job('conformance');
      expect(missing.failed).toBe(true);
      expect(missing.steps.map((s) => s.name)).toEqual(['Install mcpgate']);
      expect(missing.steps[0]!.code).toBe(2);
      expect(missing.steps[0]!.output).toContain(
        `::error title=mcpgate is not installed::vendor/mcpgate-${VERSION}.tgz is not in the repository. mcpgate is not on a registry yet: run 'npm ci && npm pack' in a clone of mcpgate, copy the mcpgate-${VERSION}.tgz it writes to vendor/mcpgate-${VERSION}.tgz and commit it`,
      );
      expect(missing.steps[0]!.output).not.toMatch(/ls-remote|ssh:|128/);
      expect(cache.keys()).toEqual([]);

      // What init printed for the project, run as printed (the clone of mcpgate is this checkout, packed above).
      const printed = init.stdout.split('\n');
      const from = printed.findIndex((line) => line.startsWith('  in this project:'));
      const commands = [printed[from]!.slice(printed[from]!.indexOf(':') + 1), printed[from + 1]!].map((line) =>
        line.trim().replace('/path/to/mcpgate', dirname(tarball)),
      );
      expect(commands[1]).toMatch(/^git add vendor\/mcpgate-[\d.]+\.tgz && git commit -m /);
      for (const command of commands) {
        const done = spawnSync('bash', ['-eo', 'pipefail', '-c', command], {
          cwd: repo,
          encoding: 'utf8',
          env: { ...process.env, ...GIT_IDENTITY },
        });
        expect(done.status, `${command}\n${done.stderr}`).toBe(0);
      }

      // Conformance: installed, built (build/ is not committed, so only the build step can have made it), green.
      const conformance = await job('conformance');
      expect(conformance.failed, dump(conformance)).toBe(false);
      expect(conformance.steps.map((s) => s.name)).toEqual([
        'Install mcpgate',
        'Install and build the project',
        'Layer 0 conformance',
        "Export the run history's pages",
      ]);
      expect(existsSync(join(conformance.workspace, 'build/main.mjs'))).toBe(true);
      expect(stepNamed(conformance, 'Layer 0 conformance')!.output).toMatch(/^PASS: .*\(exit code 0\)$/m);
      expect(cache.keys()).toEqual([`mcpgate-history-conformance-${runId}-1`]);
      expect(conformance.uploads).toEqual([{ path: '.mcpgate/reports', exists: true }]);

      // Evals before the drafts are edited: refused, naming each (exit 2); no run, so no history to save.
      const drafted = await job('evals');
      expect(stepNamed(drafted, 'Every configured layer, gated against the last green run')!.code).toBe(2);
      expect(stepNamed(drafted, 'Every configured layer, gated against the last green run')!.output).toMatch(
        /golden\/tasks\.yaml:\d+: case "get_weather-basic" is a draft/,
      );
      expect(cache.keys()).toHaveLength(1);

      // A first edit with a hard case the baseline fails: the run fails (exit 1), and its history is saved all the same.
      writeFileSync(join(repo, 'golden/tasks.yaml'), FAILING_GOLDEN);
      git(repo, 'commit', '--quiet', '--all', '-m', 'golden: first real cases');
      const failing = await job('evals');
      const failedRun = stepNamed(failing, 'Every configured layer, gated against the last green run')!;
      expect(failedRun.code, dump(failing)).toBe(1);
      expect(failedRun.output).toMatch(/^FAIL: /m);
      expect(cache.keys()).toContain(`mcpgate-history-evals-${runId}-1`);
      expect(failing.summary).toContain('## mcpgate: FAIL');
      const failedRunId = readHistory(join(failing.workspace, '.mcpgate/history')).entries[0]!.entry.runId;

      // The next edit passes. Its job starts from the cache: the failed run is in the history, but not a baseline.
      writeFileSync(join(repo, 'golden/tasks.yaml'), EDITED_GOLDEN);
      git(repo, 'commit', '--quiet', '--all', '-m', 'golden: the Tokyo case is soft');
      const first = await job('evals');
      const firstRun = stepNamed(first, 'Every configured layer, gated against the last green run')!;
      expect(firstRun.code, dump(first)).toBe(0);
      expect(firstRun.output).toMatch(/PASS: gate: no baseline yet: recorded run \w+ as the baseline/);
      const entries = readHistory(join(first.workspace, '.mcpgate/history')).entries.map((e) => e.entry);
      expect(entries.map((e) => [e.runId === failedRunId, e.green])).toEqual(
        expect.arrayContaining([
          [true, false],
          [false, true],
        ]),
      );
      expect(entries).toHaveLength(2);

      const second = await job('evals');
      const secondRun = stepNamed(second, 'Every configured layer, gated against the last green run')!;
      expect(secondRun.code, dump(second)).toBe(0);
      // Green, and honest: the soft case the lexical baseline misses is named beside the decision.
      expect(secondRun.output).toMatch(
        /^PASS: gate: no regression against run \w+ \(.*\): .*; 1 soft case below its floor \(exit code 0\)$/m,
      );
      expect(secondRun.output).toMatch(/not passed \(1\):\n {2}✗ weather-tokyo-fahrenheit@baseline/);
      expect(second.summary).toContain('## mcpgate: PASS');
      expect(second.uploads).toEqual([{ path: '.mcpgate/reports', exists: true }]);
      // The uploaded reports hold the history's pages: every run so far, each with its own page.
      const view = readFileSync(join(second.workspace, '.mcpgate/reports/view/index.html'), 'utf8');
      const recorded = readHistory(join(second.workspace, '.mcpgate/history')).entries.map((e) => e.entry.runId);
      expect(recorded).toHaveLength(3);
      for (const id of recorded) expect(existsSync(join(second.workspace, `.mcpgate/reports/view/run/${id}.html`))).toBe(true);
      expect([...view.matchAll(/<tr data-run="([0-9a-f]{16})"/g)].map((m) => m[1]).sort()).toEqual([...recorded].sort());

      // Weekly: the models job reads eval.models from mcpgate.yaml; one matrix job per model, each gated against its own history.
      const models = await job('models');
      expect(models.failed, dump(models)).toBe(false);
      expect(models.outputs).toEqual({ models: '["baseline"]' });
      expect(workflow.jobs.matrix!.needs).toBe('models');
      expect(workflow.jobs.matrix!.if).toBe("needs.models.outputs.models != '[]'");
      const list = JSON.parse(models.outputs.models!) as string[];
      for (const [jobIndex, model] of list.entries()) {
        const context = { matrix: { model }, jobIndex, needs: { models: models.outputs } };
        const once = await job('matrix', context);
        expect(stepNamed(once, 'Layers 0 to 3 with one model')!.output, dump(once)).toMatch(/PASS: gate: no baseline yet/);
        const twice = await job('matrix', context);
        const gated = stepNamed(twice, 'Layers 0 to 3 with one model')!;
        expect(gated.code, dump(twice)).toBe(0);
        expect(gated.output).toMatch(/^PASS: gate: no regression against run \w+/m);
        expect(cache.keys()).toContain(`mcpgate-history-model-${model}-${runId}-1`);
      }
      // Every run ended the server it started.
      expect(await portInUse(port)).toBe(false);
    },
    INSTALL_TIMEOUT_MS * 3,
  );
});

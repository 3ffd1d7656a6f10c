/**
 * The package and the workflow a team adopts mcpgate with, run as a user would: `npm pack` gives a
 * tarball that installs into an empty project and runs; `mcpgate init` writes a workflow whose shell
 * steps run in order, as written, in a temp project against the reference server, and the second pass
 * of the evals job gates green against the first.
 *
 * No GitHub is involved. What the runner provides is emulated: RUNNER_TEMP, GITHUB_PATH (lines
 * appended to it join PATH for the later steps, as on a runner), GITHUB_STEP_SUMMARY, the workflow's
 * `env:`. `uses:` steps are not run: checkout and setup-node have nothing to do here (the project is
 * the temp directory, node is this one), the caches are the directories staying in place between
 * passes, and each upload's `path` must exist. The only `${{ }}` expressions substituted are
 * `${{ matrix.model }}` (with `baseline`, so no key is needed); every other one sits in a `uses:`
 * step's `with:`, a job's `if:` or a job's secrets, which are not executed, and the test fails if any
 * is left in a `run:` script.
 */

import { execFile, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { launchHttpServer } from '../examples/launch.js';
import { freePort, portInUse } from './helpers/ports.js';
import { REFERENCE_SERVER, ROOT, runCli, tempDir } from './helpers/cli.js';

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

interface Shell {
  code: number | null;
  output: string;
}

function bash(script: string, cwd: string, env: NodeJS.ProcessEnv): Promise<Shell> {
  return new Promise((resolve, reject) => {
    // GitHub's default shell on Linux runners.
    const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', script], {
      cwd,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (output += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (output += c));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`step did not finish within ${INSTALL_TIMEOUT_MS} ms: ${script}\n${output}`));
    }, INSTALL_TIMEOUT_MS);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('npm pack', () => {
  it('ships the CLI and builds before packing', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { files: string[]; scripts: Record<string, string> };
    expect(pkg.scripts.prepack).toBe('npm run build');
    expect(pkg.files).toContain('dist/src');
    expect(existsSync(tarball)).toBe(true);
  });

  it(
    'installs into an empty project, where `npx mcpgate` prints its version and checks the reference server',
    async () => {
      const project = tempDir();
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
      // The installed copy is the packed one, not this checkout.
      expect(existsSync(join(project, 'node_modules/mcpgate/dist/src/cli/main.js'))).toBe(true);
      expect(existsSync(join(project, 'node_modules/mcpgate/dist/test'))).toBe(false);
    },
    INSTALL_TIMEOUT_MS,
  );
});

interface Step {
  name?: string;
  if?: string;
  run?: string;
  uses?: string;
  with?: { path?: string };
}
interface Workflow {
  env: Record<string, string>;
  jobs: Record<string, { steps: Step[] }>;
}

/** The golden set as a user leaves it after editing init's drafts: real prompts, no `draft: true`. */
const EDITED_GOLDEN = `cases:
  - id: weather-paris-now
    prompt: What's the weather like in Paris right now?
    expect_tool: get_weather
    kind: hard
  - id: weather-tokyo-fahrenheit
    prompt: how warm is it in tokyo at the moment? fahrenheit please, I'm American
    expect_tool: get_weather
    expect_args:
      city: { match: normalized, value: Tokyo }
      units: fahrenheit
  - id: negative-small-talk
    prompt: "Thanks, that's all for today!"
    expect_tool: null
`;

describe('the workflow mcpgate init writes', () => {
  it(
    'runs its shell steps as written: conformance, evals twice (green against the first), the matrix',
    async () => {
      const project = tempDir();
      const port = await freePort();
      const url = `http://127.0.0.1:${port}/mcp`;
      const start = `"${process.execPath}" "${REFERENCE_SERVER}" --port ${port}`;
      const init = await runCli(['init', '--dir', project, '--url', url, '--start', start], { timeoutMs: 60_000 });
      expect(init.code, init.stderr).toBe(0);
      expect(await portInUse(port)).toBe(false);

      const text = readFileSync(join(project, '.github/workflows/mcpgate.yml'), 'utf8');
      expect(text).not.toContain('--stdio');
      const workflow = parse(text) as Workflow;
      const config = readFileSync(join(project, 'mcpgate.yaml'), 'utf8');
      expect(config).toContain(`url: ${url}`);
      expect(config).toContain(`command: ${JSON.stringify(start)}`);

      // As the README says: the packed tarball, committed where MCPGATE_PACKAGE points.
      const committed = join(project, workflow.env.MCPGATE_PACKAGE!);
      mkdirSync(dirname(committed), { recursive: true });
      copyFileSync(tarball, committed);

      const runnerTemp = tempDir();
      const githubPath = join(runnerTemp, 'github_path');
      const summary = join(runnerTemp, 'step_summary');
      writeFileSync(githubPath, '');
      writeFileSync(summary, '');
      const runJob = async (job: string): Promise<Shell[]> => {
        const results: Shell[] = [];
        for (const step of workflow.jobs[job]!.steps) {
          if (step.uses) {
            if (step.uses.startsWith('actions/upload-artifact'))
              expect(existsSync(join(project, step.with!.path!)), step.with!.path).toBe(true);
            continue;
          }
          const script = step.run!.replaceAll('${{ matrix.model }}', 'baseline');
          expect(script).not.toContain('${{');
          const added = readFileSync(githubPath, 'utf8').split('\n').filter(Boolean).reverse();
          const env = {
            ...process.env,
            ...workflow.env,
            NO_COLOR: '1',
            RUNNER_TEMP: runnerTemp,
            GITHUB_PATH: githubPath,
            GITHUB_STEP_SUMMARY: summary,
            PATH: [...added, process.env.PATH].join(':'),
          };
          const result = await bash(script, project, env);
          results.push(result);
          // A failing step stops the job, as on a runner, unless it is the run being judged.
          if (result.code !== 0) return results;
        }
        return results;
      };

      // Before the drafts are edited, the run refuses them, naming each (exit 2).
      const drafted = await runJob('evals');
      expect(drafted.at(-1)!.code).toBe(2);
      expect(drafted.at(-1)!.output).toMatch(/golden\/tasks\.yaml:\d+: case "get_weather-basic" is a draft/);

      writeFileSync(join(project, 'golden/tasks.yaml'), EDITED_GOLDEN);
      const conformance = await runJob('conformance');
      expect(conformance.at(-1)!.code, conformance.at(-1)!.output).toBe(0);

      const first = await runJob('evals');
      const firstRun = first.find((r) => r.output.includes('mcpgate 0'))!;
      expect(firstRun.code, firstRun.output).toBe(0);
      expect(firstRun.output).toMatch(/PASS: gate: no baseline yet: recorded run \w+ as the baseline/);

      const second = await runJob('evals');
      const secondRun = second.find((r) => r.output.includes('mcpgate 0'))!;
      expect(secondRun.code, secondRun.output).toBe(0);
      // Green, and honest: the soft case the lexical baseline misses is named beside the decision.
      expect(secondRun.output).toMatch(
        /^PASS: gate: no regression against run \w+ \(.*\): .*; 1 soft case below its floor \(exit code 0\)$/m,
      );
      expect(secondRun.output).toMatch(/not passed \(1\):\n {2}✗ weather-tokyo-fahrenheit@baseline/);
      expect(readFileSync(summary, 'utf8')).toContain('## mcpgate: PASS');
      expect(existsSync(join(project, '.mcpgate/history/reports'))).toBe(true);

      const matrix = await runJob('matrix');
      expect(matrix.at(-1)!.code, matrix.at(-1)!.output).toBe(0);
      // Every run ended the server it started.
      expect(await portInUse(port)).toBe(false);
    },
    INSTALL_TIMEOUT_MS * 2,
  );
});

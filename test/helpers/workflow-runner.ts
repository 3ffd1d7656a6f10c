/**
 * What a GitHub runner does with one job of a workflow, emulated closely enough to run the workflow
 * `mcpgate init` writes as written, with no GitHub involved:
 * - each job starts in an empty workspace, and `actions/checkout` clones the repository (a local git
 *   repository: what is committed is what a job sees, and nothing else);
 * - steps run in order with bash -eo pipefail (GitHub's default shell); after a failing step only
 *   steps whose `if:` holds `always()` still run, and the job has failed;
 * - GITHUB_PATH, GITHUB_OUTPUT and GITHUB_STEP_SUMMARY behave as on a runner; a job's `outputs` are
 *   read from its steps' outputs;
 * - `actions/cache/restore` restores the entry of its key, else the newest whose key starts with a
 *   `restore-keys` prefix; `actions/cache/save` stores a new key once (keys are immutable);
 *   `actions/cache` restores where it stands and saves at the end of a job that succeeded;
 *   `actions/upload-artifact` records its path; `actions/setup-node` has nothing to do (node is this one).
 * Only the expressions the workflow uses are understood; any other one fails the test, so a change to
 * the workflow cannot slip past unexecuted. Secrets are empty, as for a fork's pull request.
 */

import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { tempDir } from './cli.js';

export interface Step {
  id?: string;
  name?: string;
  if?: string;
  run?: string;
  uses?: string;
  with?: Record<string, string>;
}

export interface Job {
  if?: string;
  needs?: string;
  env?: Record<string, string>;
  outputs?: Record<string, string>;
  strategy?: { matrix?: Record<string, string> };
  steps: Step[];
}

export interface Workflow {
  env: Record<string, string>;
  jobs: Record<string, Job>;
}

export interface StepResult {
  name: string;
  code: number;
  output: string;
}

export interface JobResult {
  failed: boolean;
  /** The run: steps that ran, in order; a step skipped after a failure has no entry. */
  steps: StepResult[];
  outputs: Record<string, string>;
  uploads: Array<{ path: string; exists: boolean }>;
  /** The job's workspace as it was left, to read what the run wrote. */
  workspace: string;
  /** What the steps appended to GITHUB_STEP_SUMMARY. */
  summary: string;
}

export interface RunContext {
  runId: number;
  attempt?: number;
  matrix?: Record<string, string>;
  jobIndex?: number;
  needs?: Record<string, Record<string, string>>;
}

const STEP_TIMEOUT_MS = 240_000;

/** The Actions cache of one repository, shared by all the runs of a test. */
export class ActionsCache {
  private readonly root = tempDir();
  private readonly entries: Array<{ key: string; dir: string }> = [];

  keys(): string[] {
    return this.entries.map((e) => e.key);
  }

  save(key: string, source: string): boolean {
    if (this.entries.some((e) => e.key === key) || !existsSync(source)) return false;
    const dir = join(this.root, String(this.entries.length));
    cpSync(source, dir, { recursive: true });
    this.entries.push({ key, dir });
    return true;
  }

  /** The exact key, else the newest entry under the first prefix that has one. */
  restore(key: string, prefixes: string[], target: string): string | undefined {
    const exact = this.entries.find((e) => e.key === key);
    const hit = exact ?? prefixes.map((p) => [...this.entries].reverse().find((e) => e.key.startsWith(p))).find((e) => e !== undefined);
    if (hit) cpSync(hit.dir, target, { recursive: true });
    return hit?.key;
  }
}

function bash(script: string, cwd: string, env: NodeJS.ProcessEnv): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
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
      reject(new Error(`step did not finish within ${STEP_TIMEOUT_MS} ms: ${script}\n${output}`));
    }, STEP_TIMEOUT_MS);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? 1, output });
    });
  });
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((f) => join(dir, f))
    .filter((f) => statSync(f).isFile())
    .sort();
}

/** `hashFiles('dir/**')`: empty when nothing matches, as on a runner. */
function hashFiles(workspace: string, pattern: string): string {
  const base = pattern.replace(/\/\*\*$/, '');
  if (base === pattern) throw new Error(`hashFiles pattern not emulated: ${pattern}`);
  const files = filesUnder(join(workspace, base));
  if (files.length === 0) return '';
  const hash = createHash('sha256');
  for (const f of files) hash.update(relative(workspace, f)).update(readFileSync(f));
  return hash.digest('hex');
}

interface Scope {
  workspace: string;
  context: RunContext;
  steps: Record<string, Record<string, string>>;
}

function evaluate(expression: string, scope: Scope): string {
  const e = expression.trim();
  const { context } = scope;
  let m: RegExpExecArray | null;
  if (e === 'github.run_id') return String(context.runId);
  if (e === 'github.run_attempt') return String(context.attempt ?? 1);
  if (e === 'strategy.job-index') return String(context.jobIndex ?? 0);
  if ((m = /^matrix\.(\w+)$/.exec(e))) return context.matrix?.[m[1]!] ?? fail(e);
  if ((m = /^secrets\.(\w+)$/.exec(e))) return '';
  if ((m = /^hashFiles\('([^']+)'\)$/.exec(e))) return hashFiles(scope.workspace, m[1]!);
  if ((m = /^steps\.(\w+)\.outputs\.(\w+)$/.exec(e))) return scope.steps[m[1]!]?.[m[2]!] ?? '';
  if ((m = /^needs\.(\w+)\.outputs\.(\w+)$/.exec(e))) return context.needs?.[m[1]!]?.[m[2]!] ?? '';
  return fail(e);
}

function fail(expression: string): never {
  throw new Error(`expression not emulated: \${{ ${expression} }}`);
}

/** `${{ ... }}` in a value of `with:`, `env:` or `outputs:`. */
function expand(text: string, scope: Scope): string {
  return text.replace(/\$\{\{(.*?)\}\}/g, (_, expression: string) => evaluate(expression, scope));
}

/** Whether a step runs: the `if:` forms the workflow uses, and no other. */
function runs(condition: string | undefined, failed: boolean, scope: Scope): boolean {
  if (condition === undefined) return !failed;
  if (condition === 'always()') return true;
  const m = /^always\(\) && (hashFiles\('[^']+'\)) != ''$/.exec(condition);
  if (m) return evaluate(m[1]!, scope) !== '';
  throw new Error(`step condition not emulated: ${condition}`);
}

export async function runJob(
  workflow: Workflow,
  name: string,
  options: { repository: string; runnerTemp: string; cache: ActionsCache; context: RunContext; env?: NodeJS.ProcessEnv },
): Promise<JobResult> {
  const job = workflow.jobs[name];
  if (!job) throw new Error(`no job ${name}`);
  const workspace = tempDir();
  const files = tempDir();
  const githubPath = join(files, 'path');
  const summary = join(files, 'summary');
  writeFileSync(githubPath, '');
  writeFileSync(summary, '');
  const scope: Scope = { workspace, context: options.context, steps: {} };
  const jobEnv = Object.fromEntries(Object.entries(job.env ?? {}).map(([k, v]) => [k, expand(v, scope)]));
  const result: JobResult = { failed: false, steps: [], outputs: {}, uploads: [], workspace, summary: '' };
  const postSaves: Array<{ key: string; path: string }> = [];

  for (const [index, step] of job.steps.entries()) {
    if (!runs(step.if, result.failed, scope)) continue;
    const label = step.name ?? step.uses ?? step.run!.split('\n')[0]!;
    const input = (key: string): string => expand(step.with?.[key] ?? fail(`with.${key} of ${label}`), scope);
    if (step.uses) {
      const action = step.uses.replace(/@.*$/, '');
      if (action === 'actions/checkout') {
        rmSync(workspace, { recursive: true, force: true });
        const clone = spawnSync('git', ['clone', '--quiet', options.repository, workspace], { encoding: 'utf8' });
        if (clone.status !== 0) throw new Error(`checkout failed: ${clone.stderr}`);
      } else if (action === 'actions/cache/restore' || action === 'actions/cache') {
        const prefixes = (step.with?.['restore-keys'] ? input('restore-keys') : '').split('\n').filter(Boolean);
        options.cache.restore(input('key'), prefixes, join(workspace, input('path')));
        if (action === 'actions/cache') postSaves.push({ key: input('key'), path: input('path') });
      } else if (action === 'actions/cache/save') {
        options.cache.save(input('key'), join(workspace, input('path')));
      } else if (action === 'actions/upload-artifact') {
        result.uploads.push({ path: input('path'), exists: existsSync(join(workspace, input('path'))) });
      } else if (action !== 'actions/setup-node') throw new Error(`action not emulated: ${step.uses}`);
      continue;
    }
    if (step.run!.includes('${{')) throw new Error(`an expression in a run: script is pasted into the shell: ${label}`);
    const output = join(files, `output-${index}`);
    writeFileSync(output, '');
    const added = readFileSync(githubPath, 'utf8').split('\n').filter(Boolean).reverse();
    const env = {
      ...process.env,
      ...options.env,
      ...workflow.env,
      ...jobEnv,
      CI: 'true',
      GITHUB_ACTIONS: 'true',
      RUNNER_TEMP: options.runnerTemp,
      GITHUB_WORKSPACE: workspace,
      GITHUB_PATH: githubPath,
      GITHUB_OUTPUT: output,
      GITHUB_STEP_SUMMARY: summary,
      PATH: [...added, process.env.PATH].join(':'),
    };
    const { code, output: text } = await bash(step.run!, workspace, env);
    result.steps.push({ name: label, code, output: text });
    if (step.id)
      scope.steps[step.id] = Object.fromEntries(
        readFileSync(output, 'utf8')
          .split('\n')
          .filter((line) => line.includes('='))
          .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
      );
    if (code !== 0) result.failed = true;
  }
  // actions/cache saves in its post step, which runs only when the job succeeded.
  if (!result.failed) for (const { key, path } of postSaves) options.cache.save(key, join(workspace, path));
  result.outputs = Object.fromEntries(Object.entries(job.outputs ?? {}).map(([k, v]) => [k, expand(v, scope)]));
  result.summary = readFileSync(summary, 'utf8');
  return result;
}

export function stepNamed(result: JobResult, name: string): StepResult | undefined {
  return result.steps.find((s) => s.name === name);
}

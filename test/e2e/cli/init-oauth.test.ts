/**
 * `mcpgate init --oauth` for a server that asks for OAuth tokens: init lists the tools of the server
 * it starts (--start) against a test issuer of its own, writes server.oauth and check.test_issuer,
 * and a workflow whose every mcpgate job first starts `mcpgate auth-server`. The step is then run
 * as written (bash, `mcpgate` on PATH, GITHUB_ENV), and `mcpgate run --check-only` with the config
 * init wrote runs every auth check against the server trusting that issuer, forged tokens included.
 * The workflow's issuer listens on its fixed port, 9417 of 127.0.0.1, for the length of the test.
 */

import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CI_OAUTH } from '../../../src/cli/init/oauth.js';
import { loadConfig } from '../../../src/pipeline/config.js';
import type { Report } from '../../../src/report/model.js';
import { CLI, readJson, REFERENCE_SERVER, runCli, tempDir, type CliRun } from '../../helpers/cli.js';
import { scaledTimeout } from '../../helpers/machine-speed.js';
import { freePort } from '../../helpers/ports.js';

type Step = { name?: string; run?: string };
type Workflow = { env: Record<string, string>; jobs: Record<string, { steps: Step[] }> };

let dir: string;
let init: CliRun;
let workflow: Workflow;
/** The process group of the issuer step: its `nohup mcpgate auth-server &` outlives the step, as on a runner. */
let stepGroup: number | undefined;

beforeAll(async () => {
  dir = tempDir();
  const port = await freePort();
  const start = `sh -c 'exec "${process.execPath}" "${REFERENCE_SERVER}" --port ${port} --oauth-issuer "$${CI_OAUTH.issuerVariable}"'`;
  init = await runCli(['init', '--dir', dir, '--url', `http://127.0.0.1:${port}/mcp`, '--start', start, '--oauth'], { timeoutMs: 60_000 });
  workflow = parse(readFileSync(join(dir, '.github/workflows/mcpgate.yml'), 'utf8')) as Workflow;
}, scaledTimeout(90_000));

afterAll(() => {
  if (stepGroup !== undefined) process.kill(-stepGroup, 'SIGINT');
});

/** Runs one `run:` step with bash in the project folder, `mcpgate` on PATH, and returns what it wrote to GITHUB_ENV. */
function runStep(script: string, env: Record<string, string>): Promise<{ code: number | null; output: string; githubEnv: string }> {
  const bin = join(tempDir(), 'bin');
  mkdirSync(bin);
  writeFileSync(join(bin, 'mcpgate'), `#!/bin/sh\nexec "${process.execPath}" "${CLI}" "$@"\n`);
  chmodSync(join(bin, 'mcpgate'), 0o755);
  const githubEnv = join(tempDir(), 'github-env');
  writeFileSync(githubEnv, '');
  return new Promise((resolve) => {
    const child = spawn('bash', ['-e', '-c', script], {
      cwd: dir,
      env: { ...process.env, ...env, PATH: `${bin}:${process.env.PATH ?? ''}`, GITHUB_ENV: githubEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    stepGroup = child.pid;
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (output += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (output += c));
    child.once('exit', (code) => resolve({ code, output, githubEnv: readFileSync(githubEnv, 'utf8') }));
  });
}

describe('mcpgate init --oauth', () => {
  it('lists the tools of the server it starts through OAuth, and says what the server must trust', () => {
    expect(init.code).toBe(0);
    expect(init.stdout).toContain('from 16 tool(s)');
    expect(init.stdout).toContain(`starts mcpgate auth-server at ${CI_OAUTH.issuer}`);
  });

  it("writes server.oauth naming the secret's variable and the only issuer it goes to, and check.test_issuer", () => {
    const config = loadConfig(join(dir, 'mcpgate.yaml'));
    expect(config.server?.oauth).toEqual({
      client_id: CI_OAUTH.clientId,
      client_secret_env: CI_OAUTH.secretVariable,
      issuer: CI_OAUTH.issuer,
    });
    expect(config.check?.test_issuer).toBe(CI_OAUTH.issuer);
  });

  it('every job that runs mcpgate starts the issuer first; the job that only lists the models does not', () => {
    expect(workflow.env[CI_OAUTH.issuerVariable]).toBe(CI_OAUTH.issuer);
    for (const [name, job] of Object.entries(workflow.jobs)) {
      const names = job.steps.map((s) => s.name ?? '');
      const issuer = names.indexOf('Start the test OAuth issuer');
      const runsMcpgate = job.steps.findIndex((s) => /mcpgate (run|check)\b(?!.*--list-models)/.test(s.run ?? ''));
      if (runsMcpgate === -1) {
        expect(issuer, name).toBe(-1);
      } else {
        expect(issuer, name).toBeGreaterThan(-1);
        expect(issuer, name).toBeLessThan(runsMcpgate);
      }
    }
  });

  it('the step as written starts the issuer and hands the later steps a masked secret; mcpgate run then passes every auth check', async () => {
    const step = workflow.jobs.conformance!.steps.find((s) => s.name === 'Start the test OAuth issuer')!;
    const ran = await runStep(step.run!, { [CI_OAUTH.issuerVariable]: CI_OAUTH.issuer });
    expect(ran.code, ran.output).toBe(0);
    const secret = new RegExp(`^${CI_OAUTH.secretVariable}=([0-9a-f]{64})$`, 'm').exec(ran.githubEnv)?.[1];
    expect(secret).toBeDefined();
    expect(ran.output).toContain(`::add-mask::${secret!}`);
    expect(readFileSync(join(dir, '.mcpgate/auth-server.log'), 'utf8')).toContain('bound to 127.0.0.1 only');

    const run = await runCli(['run', '--config', join(dir, 'mcpgate.yaml'), '--check-only'], {
      env: { [CI_OAUTH.issuerVariable]: CI_OAUTH.issuer, [CI_OAUTH.secretVariable]: secret! },
      timeoutMs: 90_000,
    });
    const report = readJson<Report>(join(dir, '.mcpgate/reports/report.json'));
    const auth = report.checks.filter((c) => c.id.startsWith('auth.'));
    expect(auth).toHaveLength(15);
    expect(auth.filter((c) => c.status !== 'pass').map((c) => `${c.id}: ${c.status} ${c.message}`)).toEqual([]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout + run.stderr + JSON.stringify(report)).not.toContain(secret!);
  });
});

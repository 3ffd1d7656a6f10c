/**
 * OAuth from the command line, as a team wires it in CI: `mcpgate auth-server` started as a user
 * starts it, the reference server in OAuth mode trusting it, and `mcpgate check` given the client's
 * credentials by the names of the variables that hold them. Without credentials the token-needing
 * checks skip saying how to enable them; without --test-issuer the checks only a test issuer can
 * feed skip saying so; a variable that is not set is one line naming it.
 */

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchHttpServer, type LaunchedServer } from '../../../examples/launch.js';
import type { Report } from '../../../src/report/model.js';
import { startAuthServer, type RunningAuthServer } from '../../helpers/auth-server.js';
import { readJson, REFERENCE_SERVER, ROOT, runCli, tempDir } from '../../helpers/cli.js';
import { scaledTimeout } from '../../helpers/machine-speed.js';

const SECRET = 'cli-secret-5b1e7c0d9a8f4e3b2c1d0e9f8a7b6c5d';
const SECRET_ENV = { MCPGATE_TEST_OAUTH_SECRET: SECRET };
const CREDENTIALS = ['--oauth-client-id', 'mcpgate-ci', '--oauth-client-secret-env', 'MCPGATE_TEST_OAUTH_SECRET'];

let issuer: RunningAuthServer;
let server: LaunchedServer;
beforeAll(async () => {
  issuer = await startAuthServer(['--oauth-client-id', 'mcpgate-ci', '--oauth-client-secret-env', 'MCPGATE_TEST_OAUTH_SECRET'], SECRET_ENV);
  server = await launchHttpServer(process.execPath, [REFERENCE_SERVER, '--oauth-issuer', issuer.issuer], {
    timeoutMs: scaledTimeout(10_000),
  });
});
afterAll(async () => {
  await server?.stop();
  await issuer?.stop();
});

async function check(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string; report: Report }> {
  const file = join(tempDir(), 'report.json');
  const run = await runCli(['check', '--url', server.url, ...args, '--report', file], { env: SECRET_ENV, timeoutMs: 60_000 });
  return { ...run, report: readJson<Report>(file) };
}

function authStatuses(report: Report): Record<string, string> {
  return Object.fromEntries(report.checks.filter((c) => c.id.startsWith('auth.')).map((c) => [c.id, c.status]));
}

describe('mcpgate auth-server', () => {
  it('prints its issuer URL alone on stdout, says it binds 127.0.0.1 only, and never prints the secret', () => {
    expect(issuer.issuer).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const { stdout, stderr } = issuer.output();
    expect(stdout).toBe(`${issuer.issuer}\n`);
    expect(stderr).toContain('bound to 127.0.0.1 only');
    expect(stderr).toContain('--oauth-client-secret-env MCPGATE_TEST_OAUTH_SECRET');
    expect(stdout + stderr).not.toContain(SECRET);
  });

  it('a secret variable that is not set is one line naming it, before anything listens', async () => {
    const run = await runCli(['auth-server', '--port', '0', '--oauth-client-secret-env', 'MCPGATE_TEST_UNSET_SECRET']);
    expect(run.code).toBe(4);
    expect(run.stderr.trim().split('\n')).toEqual([expect.stringContaining('MCPGATE_TEST_UNSET_SECRET is not set')]);
  });
});

describe('mcpgate check against a protected server', () => {
  it('with the client credentials and --test-issuer: every auth check passes, the forged tokens included, exit 0', async () => {
    const run = await check([...CREDENTIALS, '--oauth-issuer', issuer.issuer, '--test-issuer', issuer.issuer]);
    const statuses = authStatuses(run.report);
    expect(Object.keys(statuses)).toHaveLength(15);
    expect(Object.entries(statuses).filter(([, status]) => status !== 'pass')).toEqual([]);
    expect(run.code).toBe(0);
    expect(run.stdout + run.stderr + JSON.stringify(run.report)).not.toContain(SECRET);
  });

  it('without --test-issuer, the check that needs a forged token skips naming --test-issuer; the rest pass', async () => {
    const run = await check(CREDENTIALS);
    const issuerCheck = run.report.checks.find((c) => c.id === 'auth.issuer')!;
    expect(issuerCheck.status).toBe('skip');
    expect(issuerCheck.message).toContain('--test-issuer');
    expect(run.report.checks.find((c) => c.id === 'auth.valid-token')!.status).toBe('pass');
    expect(run.code).toBe(0);
  });

  it('without credentials: the unauthenticated checks run, the token-needing ones skip with the way to enable them, exit 4', async () => {
    const run = await check([]);
    const statuses = authStatuses(run.report);
    expect(statuses['auth.prm-valid']).toBe('pass');
    expect(statuses['auth.malformed-token']).toBe('pass');
    const skipped = run.report.checks.filter((c) => c.id.startsWith('auth.') && c.status === 'skip');
    expect(skipped.map((c) => c.id)).toEqual(
      expect.arrayContaining(['auth.valid-token', 'auth.audience', 'auth.expired', 'auth.signature']),
    );
    for (const c of skipped) expect(c.message).toContain('--oauth-client-id ID with --oauth-client-secret-env NAME');
    expect(run.code).toBe(4);
  });

  it('a secret variable that is not set ends the command at once: one line naming it, exit 4', async () => {
    const run = await runCli([
      'check',
      '--url',
      server.url,
      '--oauth-client-id',
      'mcpgate-ci',
      '--oauth-client-secret-env',
      'MCPGATE_TEST_UNSET_SECRET',
    ]);
    expect(run.code).toBe(4);
    expect(run.stderr.trim().split('\n')).toEqual([
      'mcpgate: MCPGATE_TEST_UNSET_SECRET is not set: it should hold the client secret (mcpgate reads the value from the environment, never from a flag)',
    ]);
  });

  it.each([
    [['--oauth-client-secret-env', 'X'], '--oauth-client-secret-env needs --oauth-client-id'],
    [['--oauth-client-id', 'a'], 'OAuth needs a grant'],
    [
      ['--oauth-client-id', 'a', '--oauth-client-secret-env', 'MCPGATE_TEST_OAUTH_SECRET', '--header', 'Authorization: Bearer x'],
      'keep one',
    ],
    [
      ['--oauth-client-id', 'a', '--oauth-client-secret-env', 'MCPGATE_TEST_OAUTH_SECRET', '--oauth-issuer', 'auth.example.com'],
      "needs the issuer's URL",
    ],
    [['--test-issuer', 'nope'], '--test-issuer needs the URL'],
  ])('%j is a usage error, one line, exit 2', async (args, says) => {
    const run = await runCli(['check', '--url', server.url, ...args], { env: SECRET_ENV });
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toEqual([expect.stringContaining(says)]);
  });

  it('over stdio, OAuth flags are a usage error: a stdio server takes its credentials in its environment', async () => {
    const run = await runCli(['check', '--stdio', `"${process.execPath}" "${REFERENCE_SERVER}" --stdio`, ...CREDENTIALS], {
      env: SECRET_ENV,
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('a stdio server takes its credentials in its environment');
  });
});

describe('every other command that talks to the server gets in with the same flags', () => {
  const report = (dir: string): Report => readJson<Report>(join(dir, 'r.json'));
  it.each([
    ['overlap', () => ['overlap', '--verbose'], 0, (_dir: string, stdout: string) => expect(stdout).toContain('get_weather')],
    [
      'golden draft',
      (dir: string) => ['golden', 'draft', '--out', join(dir, 'draft.yaml')],
      0,
      (dir: string) => expect(readFileSync(join(dir, 'draft.yaml'), 'utf8')).toContain('expect_tool: "get_weather"'),
    ],
    [
      // The offline baseline misses cases (exit 1), but every case ran: none errored on a refused request.
      'eval',
      (dir: string) => [
        'eval',
        '--golden',
        join(ROOT, 'examples/golden/tasks.yaml'),
        '--model',
        'baseline',
        '--runs',
        '1',
        '--report',
        join(dir, 'r.json'),
      ],
      1,
      (dir: string) => expect(report(dir).eval!.summary).toMatchObject({ cases: 31, errored: 0 }),
    ],
    [
      // Nothing proven to generalise from the baseline's rewrites (exit 1), after every case ran both ways.
      'improve',
      (dir: string) => ['improve', '--golden', join(ROOT, 'examples/golden/tasks.yaml'), '--out', join(dir, 'improve')],
      1,
      (dir: string) =>
        expect(readJson<{ perModel: Array<{ before: unknown }> }>(join(dir, 'improve/improve.json')).perModel[0]!.before).toMatchObject({
          passes: { n: 160 },
        }),
    ],
    [
      'chaos',
      (dir: string) => ['chaos', '--report', join(dir, 'r.json')],
      0,
      (dir: string) => expect(report(dir).checks.filter((c) => c.area === 'robustness' && c.status === 'pass')).toHaveLength(8),
    ],
    [
      'bench',
      (dir: string) => ['bench', '--requests', '200', '--warmup', '10', '--report', join(dir, 'b.json')],
      0,
      (dir: string) =>
        expect(readJson<{ results: unknown }>(join(dir, 'b.json')).results).toMatchObject({ requests: 200, ok: 200, errors: {} }),
    ],
  ] as const)('%s', async (_name, args, code, expectation) => {
    const dir = tempDir();
    const run = await runCli([...args(dir), '--url', server.url, ...CREDENTIALS], { env: SECRET_ENV, timeoutMs: 90_000 });
    expect(run.code, run.stderr).toBe(code);
    expectation(dir, run.stdout);
    expect(run.stdout + run.stderr).not.toContain(SECRET);
  });
});

describe('server.oauth in mcpgate.yaml', () => {
  it.each([
    ['client_id: mcpgate-ci', 'server.oauth needs client_secret_env or refresh_token_env'],
    ['client_secret_env: MCPGATE_TEST_OAUTH_SECRET', 'server.oauth needs client_id'],
    ['client_id: a\n    client_secret_env: "not a name"', 'the name of an environment variable'],
  ])('%s: named at its place in the file, exit 2', async (keys, says) => {
    const dir = tempDir();
    writeFileSync(join(dir, 'mcpgate.yaml'), `server:\n  url: ${server.url}\n  oauth:\n    ${keys}\n`);
    const run = await runCli(['run', '--config', join(dir, 'mcpgate.yaml')], { env: SECRET_ENV });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`${join(dir, 'mcpgate.yaml')}:`);
    expect(run.stderr).toContain(says);
  });
});

/**
 * `mcpgate run` with server.oauth against a protected server whose tokens live 5 seconds, for
 * longer than that: layer 0 (its auth.expired check waits until a token of the issuer has expired,
 * so the run outlasts the first token), then layers 1 and 2 on the same OAuth client, every request
 * of which must have been served, but for the token faults of layer 2, whose 401s are planted. The server is the reference server in OAuth mode trusting
 * mcpgate's test issuer; mcpgate knows only the client id and the name of the secret's variable.
 */

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchHttpServer, type LaunchedServer } from '../../../examples/launch.js';
import type { RunningTestIssuer } from '../../../src/auth/test-issuer/server.js';
import type { Report } from '../../../src/report/model.js';
import { REFERENCE_SERVER, ROOT, runCli, tempDir, type CliRun } from '../../helpers/cli.js';
import { scaledTimeout } from '../../helpers/machine-speed.js';
import { startIssuer, TEST_CLIENT } from '../../helpers/oauth.js';
import { readPossibleReport } from '../../helpers/report-invariants.js';

const TOKEN_LIFETIME_S = 5;

let issuer: RunningTestIssuer;
let server: LaunchedServer;
let run: CliRun;
let report: Report;
let issuedBefore: number;

beforeAll(async () => {
  issuer = await startIssuer({ lifetimeSeconds: TOKEN_LIFETIME_S });
  server = await launchHttpServer(process.execPath, [REFERENCE_SERVER, '--oauth-issuer', issuer.issuer], {
    timeoutMs: scaledTimeout(10_000),
  });
  issuedBefore = issuer.issued();
  const dir = tempDir();
  writeFileSync(
    join(dir, 'mcpgate.yaml'),
    [
      'server:',
      `  url: ${server.url}`,
      '  oauth:',
      `    client_id: ${TEST_CLIENT.clientId}`,
      '    client_secret_env: MCPGATE_TEST_OAUTH_SECRET',
      '    scope: mcp:tools',
      `    issuer: ${issuer.issuer}`,
      'eval:',
      `  golden: ${join(ROOT, 'examples/golden/tasks.yaml')}`,
      '  models: [baseline]',
      'chaos:',
      '  enabled: true',
      'report:',
      `  dir: ${join(dir, 'reports')}`,
      '',
    ].join('\n'),
  );
  run = await runCli(['run', '--config', join(dir, 'mcpgate.yaml')], {
    env: { MCPGATE_TEST_OAUTH_SECRET: TEST_CLIENT.clientSecret },
    timeoutMs: 120_000,
  });
  report = readPossibleReport(join(dir, 'reports/report.json'));
}, scaledTimeout(150_000));

afterAll(async () => {
  await server?.stop();
  await issuer?.close();
});

describe('mcpgate run with server.oauth and 5-second tokens', () => {
  it('outlasts the first token: the run took longer than a token lives, and the issuer issued more than one', () => {
    expect(run.durationMs).toBeGreaterThan(TOKEN_LIFETIME_S * 1000);
    expect(issuer.issued() - issuedBefore).toBeGreaterThan(1);
  });

  it('layer 0: every auth check the credentials allow passes (auth.expired sent an expired token), nothing failed or errored', () => {
    const auth = report.checks.filter((c) => c.id.startsWith('auth.'));
    expect(auth.filter((c) => c.status !== 'pass' && c.status !== 'skip').map((c) => `${c.id}: ${c.message}`)).toEqual([]);
    expect(auth.find((c) => c.id === 'auth.expired')!.status).toBe('pass');
    expect(auth.find((c) => c.id === 'auth.valid-token')!.status).toBe('pass');
    expect(report.checks.filter((c) => c.status === 'fail' || c.status === 'error').map((c) => `${c.id}: ${c.message}`)).toEqual([]);
  });

  it('layers 1 and 2, after the first token expired: every case ran and every probe was answered, none refused', () => {
    const cases = report.eval!.cases;
    expect(cases.length).toBeGreaterThan(20);
    expect(cases.filter((c) => c.status === 'error' || c.errors > 0).map((c) => `${c.id}: ${c.message}`)).toEqual([]);
    const probes = report.checks.filter((c) => c.area === 'robustness');
    expect(probes.length).toBe(8);
    // The auth checks' evidence shows the 401s they asked for; the layers after them met none.
    const refused = (text: string): string[] => text.match(/.{0,80}(?:HTTP 401|Unauthorized).{0,80}/g) ?? [];
    expect(refused(JSON.stringify(report.eval))).toEqual([]);
    expect(refused(JSON.stringify(probes))).toEqual([]);
    const scenarios = report.chaos!.agent!.scenarios;
    expect(refused(JSON.stringify(scenarios.filter((s) => !s.fault.startsWith('token-'))))).toEqual([]);
  });

  it("layer 2's token faults fired: a token refused once is renewed and the call reaches the server; a revoked one stays refused", () => {
    const scenarios = report.chaos!.agent!.scenarios;
    const refusedOnce = scenarios.find((s) => s.fault === 'token-refused')!;
    const revoked = scenarios.find((s) => s.fault === 'token-revoked')!;
    for (const sample of [...refusedOnce.samples, ...revoked.samples]) {
      expect(sample.faulted!.status).toBe(401);
      expect(sample.faulted!.faultSkipped).toBeUndefined();
    }
    // What the agent saw: the server's own answer to the retry with a new token, or the refusal that stayed.
    for (const sample of refusedOnce.samples) expect(sample.faultedResult).not.toContain('Unauthorized');
    for (const sample of revoked.samples) expect(sample.faultedResult).toContain('Unauthorized');
    expect(revoked.samples.map((s) => s.verdict)).toEqual(revoked.samples.map(() => 'honest-error'));
  });

  it('the client secret and the tokens are in no output and not in the report', () => {
    expect(run.stdout + run.stderr + JSON.stringify(report)).not.toContain(TEST_CLIENT.clientSecret);
    expect(run.stdout + run.stderr + JSON.stringify(report)).not.toMatch(/eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+/);
  });
});

/**
 * The broken twins of the reference server's OAuth mode: the correct server passes every `auth.*`
 * check with mcpgate's test issuer, and each OAuth variant fails exactly its own check. The server
 * trusts a test issuer started here; mcpgate checks it with that issuer's client credentials and
 * --test-issuer, so every check applies.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BREAK_VARIANTS, expectedExitCodeOf } from '../../../examples/reference-server/breaks.js';
import { launchHttpServer } from '../../../examples/launch.js';
import type { RunningTestIssuer } from '../../../src/auth/test-issuer/server.js';
import { ALL_CHECKS } from '../../../src/conformance/checks/index.js';
import type { Report } from '../../../src/report/model.js';
import { REFERENCE_SERVER } from '../../helpers/cli.js';
import { scaledTimeout } from '../../helpers/machine-speed.js';
import { checkProtected, startIssuer, TEST_CLIENT } from '../../helpers/oauth.js';

let issuer: RunningTestIssuer;
beforeAll(async () => {
  issuer = await startIssuer();
});
afterAll(() => issuer.close());

/**
 * A variant runs the auth checks only (and discover.responds, which says whether mcpgate got in):
 * test/e2e/conformance/broken-twins.test.ts proves every other check, and the OAuth mode changes
 * nothing behind its authorization. The correct server runs every check once, to show that.
 */
const AUTH_RUN = ALL_CHECKS.filter((c) => c.area === 'auth' || c.id === 'discover.responds');

async function checkOAuthReference(variant?: string, withCredentials = true): Promise<Report> {
  const server = await launchHttpServer(
    process.execPath,
    [REFERENCE_SERVER, '--oauth-issuer', issuer.issuer, ...(variant ? ['--break', variant] : [])],
    { timeoutMs: scaledTimeout(10_000) },
  );
  try {
    const credentials = withCredentials ? { settings: { ...TEST_CLIENT, scope: 'mcp:tools' }, testIssuer: issuer.issuer } : {};
    return await checkProtected(server.url, { ...credentials, checks: variant ? AUTH_RUN : ALL_CHECKS });
  } finally {
    await server.stop();
  }
}

function notPassing(report: Report): Record<string, string> {
  return Object.fromEntries(report.checks.filter((c) => c.status !== 'pass' && c.status !== 'skip').map((c) => [c.id, c.status]));
}

/** What the checks that did not pass said, as the message of a failed assertion. */
function why(report: Report): string {
  return report.checks
    .filter((c) => c.status !== 'pass' && c.status !== 'skip')
    .map((c) => `${c.id}: ${c.message} ${JSON.stringify(c.evidence).slice(0, 600)}`)
    .join('\n');
}

const AUTH_IDS = ALL_CHECKS.filter((c) => c.area === 'auth').map((c) => c.id);

describe('the reference server in OAuth mode', () => {
  it.concurrent('passes every auth check with the test issuer, and every other applicable check, exit 0', async ({ expect }) => {
    const report = await checkOAuthReference();
    expect(notPassing(report), why(report)).toEqual({});
    expect(report.checks.filter((c) => c.id.startsWith('auth.') && c.status !== 'pass').map((c) => `${c.id}: ${c.message}`)).toEqual([]);
    expect(report.verdict.exitCode).toBe(0);
  });

  const variants = BREAK_VARIANTS.filter((v) => v.oauth);
  it.concurrent.for(variants.map((v) => [v.id, v] as const))(
    'variant %s fails exactly its expected checks',
    async ([, variant], { expect }) => {
      const report = await checkOAuthReference(variant.id);
      const expected = Object.fromEntries(variant.expectedFailures.map((id) => [id, variant.expectedStatus]));
      expect(notPassing(report), why(report)).toEqual(expected);
      expect(report.verdict.exitCode).toBe(expectedExitCodeOf(variant));
      for (const id of variant.expectedFailures.filter((id) => id.startsWith('auth.'))) {
        const result = report.checks.find((c) => c.id === id)!;
        expect(result.message.length).toBeGreaterThan(10);
        expect(result.specRef).toMatch(/^https:\/\/modelcontextprotocol\.io\/specification\/2026-07-28\/basic\/authorization/);
      }
    },
  );

  it.concurrent(
    'without credentials the checks that need no token still run, the rest skip saying how to enable them, exit 4',
    async ({ expect }) => {
      const report = await checkOAuthReference(undefined, false);
      const auth = report.checks.filter((c) => c.id.startsWith('auth.'));
      expect(auth.filter((c) => c.status === 'pass').map((c) => c.id)).toEqual([
        'auth.unauthenticated-401',
        'auth.prm-discoverable',
        'auth.prm-valid',
        'auth.as-metadata',
        'auth.challenge-scope',
        'auth.no-offline-access',
        'auth.malformed-token',
      ]);
      for (const skipped of auth.filter((c) => c.status !== 'pass')) {
        expect(skipped.status, skipped.id).toBe('skip');
        expect(skipped.message, skipped.id).toContain('--oauth-client-id ID with --oauth-client-secret-env NAME');
      }
      expect(report.verdict.exitCode).toBe(4);
    },
  );

  it.concurrent('without credentials a broken discovery is still reported, and the exit code stays 4', async ({ expect }) => {
    const report = await checkOAuthReference('prm-404', false);
    expect(notPassing(report), why(report)).toEqual({ 'auth.prm-discoverable': 'fail', 'discover.responds': 'fail' });
    expect(report.verdict.exitCode).toBe(4);
  });

  it('every auth check is tripped by an OAuth variant', () => {
    const tripped = new Set(variants.flatMap((v) => v.expectedFailures));
    expect(AUTH_IDS.filter((id) => !tripped.has(id))).toEqual([]);
  });
});

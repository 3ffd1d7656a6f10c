/**
 * OAuth in tests: mcpgate's test issuer with one registered client, and a layer 0 run against a
 * protected server with that client's credentials. Until the transport calls the token provider
 * itself, the run's token is got once up front and sent as a header, like `--header` would: so a
 * run against tokens shorter-lived than the run itself checks the auth.* checks only (they get
 * their own tokens).
 */

import { OAuthTokenProvider } from '../../src/auth/provider.js';
import type { OAuthSettings } from '../../src/auth/settings.js';
import { startTestIssuer, type RunningTestIssuer, type TestIssuerOptions } from '../../src/auth/test-issuer/server.js';
import type { CheckDefinition } from '../../src/conformance/check.js';
import { ALL_CHECKS } from '../../src/conformance/checks/index.js';
import { runConformance } from '../../src/conformance/runner.js';
import type { Report } from '../../src/report/model.js';
import { scaledTimeout } from './machine-speed.js';

export const TEST_CLIENT = { clientId: 'mcpgate-ci', clientSecret: 'ci-secret-7f3a9b2c4d5e6f708192a3b4c5d6e7f8' };

export function startIssuer(options: Partial<TestIssuerOptions> = {}): Promise<RunningTestIssuer> {
  return startTestIssuer({ ...TEST_CLIENT, lifetimeSeconds: 300, scopes: ['mcp:tools'], ...options });
}

export interface ProtectedRun {
  settings?: OAuthSettings;
  testIssuer?: string;
  /** Every check by default. */
  checks?: readonly CheckDefinition[];
}

export async function checkProtected(url: string, run: ProtectedRun = {}): Promise<Report> {
  const limits = { timeoutMs: scaledTimeout(10_000), maxBytes: 1 << 20 };
  const provider = run.settings ? new OAuthTokenProvider(url, run.settings, limits) : undefined;
  let headers: Record<string, string> | undefined;
  if (provider) {
    const challenge = (await fetch(url, { method: 'POST', body: '{}' })).headers.get('www-authenticate') ?? undefined;
    headers = await provider
      .prepare(challenge)
      .then(() => provider.headers())
      .catch(() => undefined);
  }
  return runConformance({
    target: { kind: 'http', url },
    checks: [...(run.checks ?? ALL_CHECKS)],
    strict: false,
    allowTools: [],
    connect: { timeoutMs: scaledTimeout(10_000), maxResponseBytes: 1 << 22, ...(headers ? { headers } : {}) },
    concurrency: 8,
    eofGraceMs: scaledTimeout(5_000),
    auth: {
      ...(provider ? { provider } : {}),
      ...(run.settings ? { settings: run.settings } : {}),
      ...(run.testIssuer ? { testIssuer: run.testIssuer } : {}),
      limits,
    },
  });
}

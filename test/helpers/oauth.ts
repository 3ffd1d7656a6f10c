/**
 * OAuth in tests: mcpgate's test issuer with one registered client, and a layer 0 run against a
 * protected server with that client's credentials, handed to the transport as `check` hands them
 * (ConnectOptions.credentials): the token is got on the first 401, renewed, and sent on every request.
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
  return runConformance({
    target: { kind: 'http', url },
    checks: [...(run.checks ?? ALL_CHECKS)],
    strict: false,
    allowTools: [],
    connect: { timeoutMs: scaledTimeout(10_000), maxResponseBytes: 1 << 22, ...(provider ? { credentials: provider } : {}) },
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

/** Evidence and shared outcomes of the `auth.*` checks. */

import type { DiscoveryStep } from '../../auth/discovery.js';
import type { Evidence } from '../../report/model.js';
import { skip, type CheckOutcome } from '../check.js';
import { excerpt } from '../evidence.js';
import type { AuthSurvey } from './auth-survey.js';

export function stepEvidence(step: DiscoveryStep, expected: string): Evidence {
  const head =
    step.status === undefined
      ? `(${step.problem ?? 'no answer'})`
      : `HTTP ${step.status}${step.contentType ? ` (content-type: ${step.contentType})` : ''}`;
  return {
    label: `metadata (${step.source})`,
    sent: excerpt(`GET ${step.url}`),
    received: excerpt(`${head}\n${step.body}`.trim()),
    expected,
  };
}

/** The skip of every `auth.*` check on a server that serves requests without a token. */
export function unprotected(survey: AuthSurvey): CheckOutcome | undefined {
  if (survey.protected) return undefined;
  const seen =
    survey.unauthenticated.status === undefined
      ? (survey.unauthenticated.error?.message ?? 'no answer')
      : `HTTP ${survey.unauthenticated.status}`;
  return skip(
    `server/discover without a token got ${seen}, not 401: the server does not ask for a token (authorization is optional), so the rules for a protected server do not apply`,
  );
}

export const NEEDS_CREDENTIALS =
  'needs a token: give mcpgate OAuth client credentials (--oauth-client-id ID with --oauth-client-secret-env NAME, or server.oauth in mcpgate.yaml)';

export const NEEDS_TEST_ISSUER =
  'needs a token only an issuer can sign: start `mcpgate auth-server`, have the server trust it, and pass --test-issuer URL with the client credentials it was started with';

/**
 * The `auth.*` checks a client can make without any token (basic/authorization, RFC 6750, RFC 9728,
 * RFC 8414): the 401 and its challenge, the protected-resource metadata, the issuer's metadata, and
 * the refusal of a token that is no token at all.
 */

import { defineChecks, pass, skip, violated, warn, type CheckDefinition, type CheckOutcome } from '../check.js';
import type { CheckContext } from '../context.js';
import { evidenceOf, valueEvidence } from '../evidence.js';
import { stepEvidence, unprotected } from './auth-evidence.js';
import { authSurvey, bareRequest, type AuthSurvey } from './auth-survey.js';

const DISCOVERY = 'basic/authorization/authorization-server-discovery';

/** A check of this file: over HTTP, without a session, judged on the survey of the server's protection. */
type SurveyCheck = Omit<CheckDefinition, 'area' | 'run' | 'transports' | 'withoutSession'> & {
  judge(survey: AuthSurvey, ctx: CheckContext): Promise<CheckOutcome>;
};

/** The checks with their one preamble: the survey, and a server that is not protected skips them, saying so. */
function onSurvey(checks: SurveyCheck[]): Array<Omit<CheckDefinition, 'area'>> {
  return checks.map(({ judge, ...check }) => ({
    ...check,
    transports: ['http'],
    withoutSession: true,
    async run(ctx) {
      const survey = await authSurvey(ctx);
      return unprotected(survey) ?? judge(survey, ctx);
    },
  }));
}

export const authDiscoveryChecks = defineChecks(
  'auth',
  onSurvey([
    {
      id: 'auth.unauthenticated-401',
      title: 'a request without a token gets 401 with a WWW-Authenticate challenge of the "Bearer" scheme',
      fix: 'answer a request without a token with 401 and WWW-Authenticate: Bearer resource_metadata="…", scope="…"',
      level: 'MUST',
      spec: 'basic/authorization#error-handling',
      async judge(survey) {
        const evidence = [
          evidenceOf(survey.unauthenticated, 'HTTP 401 with WWW-Authenticate: Bearer …', 'server/discover without a token'),
        ];
        if (survey.challenge) return pass('401 with a "Bearer" challenge', evidence);
        return violated(
          survey.challengeHeader === undefined
            ? 'the 401 carries no WWW-Authenticate header (RFC 6750 §3 requires one), so a client cannot tell how to authenticate'
            : 'the 401 carries a WWW-Authenticate header without a "Bearer" challenge (RFC 6750 §3)',
          evidence,
          'answer a request without a token with 401 and WWW-Authenticate: Bearer resource_metadata="<URL of your protected-resource metadata>", scope="<scopes needed>"',
        );
      },
    },
    {
      id: 'auth.prm-discoverable',
      title: 'the protected-resource metadata is where the challenge or the well-known URI says',
      fix: 'serve RFC 9728 metadata at /.well-known/oauth-protected-resource/<endpoint path> and name that URL in the 401 challenge',
      level: 'MUST',
      spec: `${DISCOVERY}#protected-resource-metadata-discovery-requirements`,
      async judge(survey) {
        const steps = survey.resource?.steps ?? [];
        const evidence = steps.map((step) => stepEvidence(step, 'HTTP 200 with a JSON object (RFC 9728 §3.2)'));
        const advertised = steps.find((step) => step.source === 'challenge');
        if (advertised && !advertised.document) {
          return violated(
            `the challenge's resource_metadata ${advertised.url} does not resolve (${advertised.problem ?? 'no document'}); an advertised URL must serve the metadata`,
            evidence,
            'serve the protected-resource metadata at the URL the 401 names, or name the URL where it is served',
          );
        }
        const found = steps.find((step) => step.document);
        if (found)
          return pass(
            `metadata found at ${found.url} (${found.source === 'challenge' ? 'named by the challenge' : `well-known, ${found.source} form`})`,
            evidence,
          );
        return warn(
          'the server asks for a token but publishes no protected-resource metadata (no resource_metadata in the challenge, nothing at the well-known URIs): it does not use MCP authorization, and no MCP client can discover how to get a token',
          evidence,
          'implement RFC 9728: serve the metadata at /.well-known/oauth-protected-resource/<path of the endpoint> and name it in the 401 challenge',
        );
      },
    },
    {
      id: 'auth.prm-valid',
      title: "the metadata names the endpoint's canonical URI as its resource and at least one authorization server",
      fix: 'publish "resource" equal to the endpoint\'s canonical URI and a non-empty "authorization_servers"',
      level: 'MUST',
      spec: `${DISCOVERY}#authorization-server-location`,
      async judge(survey) {
        const step = survey.resource?.steps.find((s) => s.document);
        if (!step || !survey.resource) return skip('no protected-resource metadata resolved (see auth.prm-discoverable)');
        const evidence = [stepEvidence(step, `resource ${JSON.stringify(survey.resource.resource)} and a non-empty authorization_servers`)];
        if (survey.resource.metadata?.step === step)
          return pass(
            `resource ${survey.resource.resource}, authorization servers ${JSON.stringify(survey.resource.metadata.authorizationServers)}`,
            evidence,
          );
        return violated(
          `the metadata at ${step.url} cannot be used: ${step.problem ?? 'invalid'} (RFC 9728 §3.3: a client must not use metadata whose resource is not the one it asked about)`,
          evidence,
          `publish {"resource": "${survey.resource.resource}", "authorization_servers": ["<issuer URL>"], …}`,
        );
      },
    },
    {
      id: 'auth.as-metadata',
      title: 'the authorization server publishes RFC 8414 or OpenID metadata whose issuer matches',
      fix: 'name an issuer whose RFC 8414 or OpenID metadata has an identical "issuer" and a token_endpoint (and S256 PKCE for the code flow)',
      level: 'MUST',
      spec: `${DISCOVERY}#authorization-server-metadata-discovery`,
      async judge(survey) {
        const discovery = survey.issuer;
        if (!discovery) return skip('the metadata names no authorization server to look up (see auth.prm-valid)');
        const evidence = discovery.steps.map((step) =>
          stepEvidence(step, `metadata whose issuer is ${JSON.stringify(discovery.issuer)}, with a token_endpoint`),
        );
        const server = discovery.server;
        if (!server) {
          return violated(
            `no usable metadata for the authorization server ${discovery.issuer}: ${discovery.steps.map((s) => `${s.url}: ${s.problem ?? 'unused'}`).join('; ')}`,
            evidence,
            'serve RFC 8414 metadata at /.well-known/oauth-authorization-server (or OpenID metadata) with "issuer" identical to the URL the resource metadata names',
          );
        }
        // Clients of the code flow must refuse an issuer that does not say it supports PKCE with S256
        // (basic/authorization/security-considerations#authorization-code-protection).
        const codeFlow = discovery.kind === 'openid' || typeof server.authorization_endpoint === 'string';
        const methods = server.code_challenge_methods_supported;
        if (codeFlow && !(Array.isArray(methods) && methods.includes('S256'))) {
          return violated(
            `the issuer ${discovery.issuer} serves the authorization-code flow but its metadata does not list S256 in code_challenge_methods_supported (${JSON.stringify(methods ?? null)}); MCP clients must refuse to proceed`,
            [...evidence, valueEvidence('code_challenge_methods_supported', methods ?? null, 'an array containing "S256"')],
            'support PKCE with S256 and list it in code_challenge_methods_supported',
          );
        }
        return pass(
          `issuer ${discovery.issuer} (${discovery.kind === 'openid' ? 'OpenID' : 'RFC 8414'} metadata), token endpoint ${server.token_endpoint}`,
          evidence,
        );
      },
    },
    {
      id: 'auth.challenge-scope',
      title: 'the 401 challenge names the scope a request needs',
      fix: 'add scope="<scopes needed>" to the 401 challenge',
      level: 'SHOULD',
      spec: 'basic/authorization#scope-selection-strategy',
      async judge(survey) {
        if (!survey.challenge) return skip('the 401 carries no "Bearer" challenge (see auth.unauthenticated-401)');
        const evidence = [evidenceOf(survey.unauthenticated, 'a "Bearer" challenge with scope="…"', 'server/discover without a token')];
        if (survey.challenge.scope && survey.challenge.scope.trim() !== '') return pass(`scope="${survey.challenge.scope}"`, evidence);
        return violated(
          'the "Bearer" challenge names no scope, so a client cannot ask for just the scopes this request needs',
          evidence,
          'add scope="<scopes needed>" to the WWW-Authenticate challenge',
        );
      },
    },
    {
      id: 'auth.no-offline-access',
      title: 'neither the challenge nor scopes_supported asks for offline_access',
      fix: 'leave offline_access out of the challenge scope and of scopes_supported',
      level: 'SHOULD',
      spec: 'basic/authorization#refresh-tokens',
      async judge(survey) {
        const inChallenge = (survey.challenge?.scope ?? '').split(' ').includes('offline_access');
        const supported = survey.document?.value.scopes_supported;
        const inMetadata = Array.isArray(supported) && supported.includes('offline_access');
        const evidence = [
          evidenceOf(survey.unauthenticated, 'a scope without offline_access', 'server/discover without a token'),
          ...(survey.document ? [valueEvidence(`scopes_supported (${survey.document.url})`, supported ?? null, 'no offline_access')] : []),
        ];
        if (!inChallenge && !inMetadata) return pass('offline_access is not asked for', evidence);
        return violated(
          `${inChallenge ? 'the challenge' : 'scopes_supported'} asks for offline_access: refresh tokens are the client's business, not a requirement of the resource`,
          evidence,
          'remove offline_access from the challenge scope and from scopes_supported',
        );
      },
    },
    {
      id: 'auth.malformed-token',
      title: 'an access token that is no token (garbage, a broken JWT) gets 401',
      fix: 'validate every access token before serving and answer an invalid one with 401 error="invalid_token"',
      level: 'MUST',
      spec: 'basic/authorization#token-handling',
      async judge(_survey, ctx) {
        const garbage = [
          ['an opaque garbage token', 'mcpgate-not-a-token-0000'],
          ['a malformed JWT', 'eyJhbGciOiJub25lIn0.bm90LWpzb24.'],
        ] as const;
        const outcomes = await Promise.all(garbage.map(([, token]) => bareRequest(ctx, { Authorization: `Bearer ${token}` })));
        const evidence = outcomes.map((exchange, i) => evidenceOf(exchange, 'HTTP 401', `server/discover with ${garbage[i]![0]}`));
        const wrong = outcomes.findIndex((exchange) => exchange.status !== 401);
        if (wrong < 0) return pass('both invalid tokens got 401', evidence);
        const exchange = outcomes[wrong]!;
        return violated(
          `${garbage[wrong]![0]} got ${exchange.status === undefined ? (exchange.error?.message ?? 'no answer') : `HTTP ${exchange.status}`}${exchange.response && 'result' in exchange.response ? ', and was served' : ''}; invalid tokens must get 401`,
          evidence,
          'validate every access token (signature, issuer, audience, expiry) before serving, and answer an invalid one with 401 and error="invalid_token"',
        );
      },
    },
  ]),
);

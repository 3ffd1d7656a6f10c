/**
 * The tokens the `auth.*` checks send, found once per run: the run's own token (from the configured
 * credentials) and how the server answers it, and mcpgate's test issuer when one is given. A check
 * that needs one of them and cannot have it skips, saying how to enable it.
 */

import type { AuthorizationServer } from 'oauth4webapi';
import type { AdversarialKind } from '../../auth/adversarial.js';
import { discoverIssuer } from '../../auth/discovery.js';
import { DEFAULT_FETCH_LIMITS } from '../../auth/fetch.js';
import type { OAuthTokenProvider } from '../../auth/provider.js';
import type { OAuthSettings } from '../../auth/settings.js';
import type { IssuedToken } from '../../auth/token-request.js';
import type { Evidence } from '../../report/model.js';
import type { Exchange } from '../../wire/exchange.js';
import { pass, skip, violated, type CheckOutcome } from '../check.js';
import type { CheckContext } from '../context.js';
import { oncePerRun } from '../per-run.js';
import { evidenceOf } from '../evidence.js';
import { NEEDS_CREDENTIALS, NEEDS_TEST_ISSUER, unprotected } from './auth-evidence.js';
import { authSurvey, bareRequest, namedIssuers, sameUrl, served, type AuthSurvey } from './auth-survey.js';

export interface TokenKit {
  survey: AuthSurvey;
  provider: OAuthTokenProvider;
  settings: OAuthSettings;
  resource: string;
  valid: IssuedToken;
  /** server/discover sent with the valid token. */
  validProbe: Exchange;
}

/**
 * The tokens mcpgate forges or asks its test issuer for, and their JWT library: loaded only when a
 * server asks for a token. Most runs check servers that do not, and the library alone was a fifth of
 * the modules a `check` loaded (test/e2e/cli/startup-modules.test.ts keeps it out).
 */
export const adversarial = (): Promise<typeof import('../../auth/adversarial.js')> => import('../../auth/adversarial.js');

/** The run's token and the server's answer to it, or the skip that says why there is none. */
export const tokenKit = oncePerRun((ctx: CheckContext): Promise<TokenKit | CheckOutcome> => makeKit(ctx));

async function makeKit(ctx: CheckContext): Promise<TokenKit | CheckOutcome> {
  const survey = await authSurvey(ctx);
  const notProtected = unprotected(survey);
  if (notProtected) return notProtected;
  const { provider, settings } = ctx.options.auth ?? {};
  if (!provider || !settings) return skip(NEEDS_CREDENTIALS);
  try {
    await provider.prepare(survey.challengeHeader);
    const valid = await provider.fresh();
    const found = await provider.discovery()!;
    const validProbe = await bareRequest(ctx, { Authorization: `Bearer ${valid.accessToken}` });
    return { survey, provider, settings, resource: found.resource.resource, valid, validProbe };
  } catch (error) {
    return skip(`mcpgate could not get a token with the configured credentials: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The kit when the server serves its valid token; otherwise a refusal would prove nothing. */
export async function servingKit(ctx: CheckContext): Promise<TokenKit | CheckOutcome> {
  const kit = await tokenKit(ctx);
  if (!('valid' in kit)) return kit;
  if (!served(kit.validProbe))
    return skip('the server refuses even a valid token (see auth.valid-token), so a refusal here would prove nothing');
  return kit;
}

export function isKit(value: TokenKit | CheckOutcome): value is TokenKit {
  return 'valid' in value;
}

/** A token minted by mcpgate's test issuer, when one is given and the server trusts it. */
export async function testIssuerToken(ctx: CheckContext, kit: TokenKit, kind: AdversarialKind): Promise<string | CheckOutcome> {
  const url = ctx.options.auth?.testIssuer;
  if (url === undefined) return skip(NEEDS_TEST_ISSUER);
  const server = await testIssuerServer(ctx);
  if (!('issuer' in server)) return server;
  if (!namedIssuers(kit.survey).some((named) => sameUrl(named, url))) {
    return skip(
      `the server names the authorization servers ${JSON.stringify(namedIssuers(kit.survey))}, not the test issuer ${url}: it does not trust it, so refusing its tokens would prove nothing`,
    );
  }
  try {
    const scope = kit.valid.scope ?? kit.settings.scope;
    const { requestAdversarialToken } = await adversarial();
    return await requestAdversarialToken(
      server,
      kit.settings,
      kind,
      { resource: kit.resource, ...(scope ? { scope } : {}) },
      ctx.options.auth?.limits ?? DEFAULT_FETCH_LIMITS,
    );
  } catch (error) {
    return { status: 'error', message: error instanceof Error ? error.message : String(error), evidence: [] };
  }
}

/** The test issuer's metadata, read once per run (testIssuerToken asks only when --test-issuer is given). */
const testIssuerServer = oncePerRun(async (ctx: CheckContext): Promise<AuthorizationServer | CheckOutcome> => {
  const url = ctx.options.auth?.testIssuer;
  if (url === undefined) return skip(NEEDS_TEST_ISSUER);
  const discovery = await discoverIssuer(url, ctx.options.auth?.limits ?? DEFAULT_FETCH_LIMITS);
  if (!discovery.server)
    return {
      status: 'error',
      message: `--test-issuer ${url}: its metadata could not be read (${discovery.steps.map((s) => s.problem).join('; ')})`,
      evidence: [],
    };
  if (!(await adversarial()).isTestIssuer(discovery.server))
    return {
      status: 'error',
      message: `--test-issuer ${url} is not an issuer of \`mcpgate auth-server\` (its metadata lists no adversarial-token grant)`,
      evidence: [],
    };
  return discovery.server;
});

/** The verdict on a token the server must refuse with one of `statuses`. */
export function expectRefused(
  exchange: Exchange,
  what: string,
  fix: string,
  statuses: readonly number[] = [401],
  extra: Evidence[] = [],
): CheckOutcome {
  const evidence = [evidenceOf(exchange, `HTTP ${statuses.join(' or ')}`, `server/discover with ${what}`), ...extra];
  if (exchange.status !== undefined && statuses.includes(exchange.status)) return pass(`${what}: HTTP ${exchange.status}`, evidence);
  const seen = exchange.status === undefined ? (exchange.error?.message ?? 'no answer') : `HTTP ${exchange.status}`;
  return violated(
    `${what} got ${seen}${served(exchange) ? ' and was served' : ''}; it must be refused with ${statuses.join(' or ')}`,
    evidence,
    fix,
  );
}

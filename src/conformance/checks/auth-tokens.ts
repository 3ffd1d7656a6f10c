/**
 * The `auth.*` checks that send tokens (basic/authorization#token-handling, security-considerations):
 * the run's valid token is served, and every token the server must refuse is refused: in the query
 * string, for another audience, without the needed scope, badly signed, expired, from another issuer.
 */

import { adversarial } from './auth-tokens-kit.js';
import { OAuthError } from '../../auth/errors.js';
import type { IssuedToken } from '../../auth/token-request.js';
import type { Exchange } from '../../wire/exchange.js';
import { defineChecks, pass, skip, violated, type CheckDefinition, type CheckOutcome } from '../check.js';
import type { CheckContext } from '../context.js';
import { oncePerRun } from '../per-run.js';
import { evidenceOf } from '../evidence.js';
import { bareRequest, requiredScopes, served } from './auth-survey.js';
import { expectRefused, isKit, servingKit, testIssuerToken, tokenKit, type TokenKit } from './auth-tokens-kit.js';
import { parseBearerChallenge } from '../../auth/challenge.js';

const TOKEN_HANDLING = 'basic/authorization#token-handling';
const VALIDATE =
  'validate every token before serving: signature against the issuer\'s keys, "iss", "aud" equal to this server\'s canonical URI, "exp"; answer failures with 401 and error="invalid_token"';

/** mcpgate waits for a real token to expire only when it lives this long at most. */
const LONGEST_WAIT_SECONDS = 10;
/** Past `exp`, before the expired token is sent: clocks of mcpgate and the server may differ a little. */
const AFTER_EXPIRY_MS = 1_500;

/** A check of this file, all over HTTP and without a session: tokens are judged on server/discover. */
type TokenCheck = Omit<CheckDefinition, 'area' | 'transports' | 'withoutSession'>;

function overHttp(checks: TokenCheck[]): Array<Omit<CheckDefinition, 'area'>> {
  return checks.map((check) => ({ ...check, transports: ['http'], withoutSession: true }));
}

/** A check judged with the kit of a server that serves the run's valid token; without one, the kit's own outcome. */
function onServingKit(judge: (ctx: CheckContext, kit: TokenKit) => Promise<CheckOutcome>): TokenCheck['run'] {
  return async (ctx) => {
    const kit = await servingKit(ctx);
    return isKit(kit) ? judge(ctx, kit) : kit;
  };
}

export const authTokenChecks = defineChecks(
  'auth',
  overHttp([
    {
      id: 'auth.valid-token',
      title: 'a request with a valid token from the issuer is served',
      fix: 'accept tokens whose "aud" is the canonical URI your metadata names, from the issuer it names',
      level: 'MUST',
      spec: TOKEN_HANDLING,
      async run(ctx) {
        const kit = await tokenKit(ctx);
        if (!isKit(kit)) return kit;
        const evidence = [
          evidenceOf(kit.validProbe, 'a DiscoverResult', `server/discover with a token the issuer gave for ${kit.resource}`),
        ];
        if (served(kit.validProbe))
          return pass(`served with a token for ${kit.resource}${kit.valid.scope ? ` (scope "${kit.valid.scope}")` : ''}`, evidence);
        return violated(
          `a token the issuer gave mcpgate for ${kit.resource} was refused (HTTP ${kit.validProbe.status ?? '-'}): no client can use this server`,
          evidence,
          "accept tokens whose audience is this server's canonical URI exactly as its protected-resource metadata names it",
        );
      },
    },
    {
      id: 'auth.query-token',
      title: 'a token in the URI query string is not accepted',
      fix: 'read tokens from the Authorization header only',
      level: 'MUST',
      spec: 'basic/authorization#token-requirements',
      run: onServingKit(async (ctx, kit) => {
        const exchange = await bareRequest(ctx, {}, { access_token: (await usable(kit)).accessToken });
        return refusedIfServed(
          exchange,
          'a valid token in ?access_token= and no Authorization header',
          'read tokens from the Authorization header only',
        );
      }),
    },
    {
      id: 'auth.audience',
      title: 'a token issued for another resource is refused',
      fix: 'check that "aud" is this server\'s canonical URI; never accept a token issued for another resource',
      level: 'MUST',
      spec: TOKEN_HANDLING,
      run: onServingKit(async (ctx, kit) => {
        const token = await otherAudienceToken(ctx, kit);
        if (typeof token !== 'string') return token;
        return expectRefused(
          await bearer(ctx, token),
          `a token issued for ${(await adversarial()).OTHER_AUDIENCE}`,
          `check that "aud" names this server's canonical URI (${kit.resource}); a token for another resource must not pass through`,
        );
      }),
    },
    {
      id: 'auth.scope-enforced',
      title: 'a token without the scope the server asks for is not served',
      fix: "check each request's required scopes against the token's scopes",
      level: 'MUST',
      spec: 'basic/authorization#runtime-insufficient-scope-errors',
      async run(ctx) {
        const probe = await noScopeProbe(ctx);
        if (!('exchange' in probe)) return probe;
        const evidence = [
          evidenceOf(probe.exchange, 'HTTP 403 (or 401)', `server/discover with a token without ${probe.needed.join(' ')}`),
        ];
        if (!served(probe.exchange))
          return pass(`a token without "${probe.needed.join(' ')}" got HTTP ${probe.exchange.status ?? '-'}`, evidence);
        return violated(
          `a token without the scope "${probe.needed.join(' ')}" that the server asks for was served`,
          evidence,
          'check the token\'s scopes against what each request needs, and refuse with 403 error="insufficient_scope"',
        );
      },
    },
    {
      id: 'auth.insufficient-scope',
      title: 'a token without the needed scope gets 403 with error="insufficient_scope" and the scope',
      fix: 'refuse a token lacking a scope with 403 and WWW-Authenticate: Bearer error="insufficient_scope", scope="…"',
      level: 'SHOULD',
      spec: 'basic/authorization#runtime-insufficient-scope-errors',
      async run(ctx) {
        const probe = await noScopeProbe(ctx);
        if (!('exchange' in probe)) return probe;
        if (served(probe.exchange)) return skip('the token without the scope was served (see auth.scope-enforced)');
        const evidence = [
          evidenceOf(
            probe.exchange,
            'HTTP 403 with WWW-Authenticate: Bearer error="insufficient_scope", scope="…"',
            `server/discover with a token without ${probe.needed.join(' ')}`,
          ),
        ];
        const challenge = await parseBearerChallenge(probe.exchange.headers['www-authenticate']);
        if (probe.exchange.status === 403 && challenge?.error === 'insufficient_scope' && challenge.scope) {
          return pass(`403 insufficient_scope, scope="${challenge.scope}"`, evidence);
        }
        return violated(
          `a token lacking a scope got HTTP ${probe.exchange.status ?? '-'}${challenge?.error ? ` with error="${challenge.error}"` : ''}; a client can step up only from 403 with error="insufficient_scope" and the scope needed`,
          evidence,
          'answer 403 with WWW-Authenticate: Bearer error="insufficient_scope", scope="<scopes needed>", resource_metadata="…"',
        );
      },
    },
    {
      id: 'auth.signature',
      title: 'a token signed by another key, or with its signature altered, gets 401',
      fix: "verify the signature against the issuer's JWKS only (never a key the token names by itself)",
      level: 'MUST',
      spec: TOKEN_HANDLING,
      run: onServingKit(async (ctx, kit) => {
        const template = (await usable(kit)).accessToken;
        const { signedByOwnKey, withAlteredSignature } = await adversarial();
        const ownKey = await signedByOwnKey(template);
        const altered = withAlteredSignature(template);
        if (!ownKey || !altered)
          return skip(
            "the issuer's tokens are not JWTs: mcpgate can forge no signature of an opaque token (auth.malformed-token covers a token the server cannot read)",
          );
        const byOwnKey = expectRefused(
          await bearer(ctx, ownKey),
          "a copy of the valid token signed by mcpgate's own key under the same kid",
          VALIDATE,
        );
        if (byOwnKey.status !== 'pass') return byOwnKey;
        const byAltered = expectRefused(await bearer(ctx, altered), 'the valid token with its signature altered', VALIDATE);
        return byAltered.status === 'pass' ? pass('both forged tokens got 401', [...byOwnKey.evidence, ...byAltered.evidence]) : byAltered;
      }),
    },
    {
      id: 'auth.expired',
      title: 'an expired token gets 401',
      fix: 'check "exp" (a leeway of seconds for clock skew, not more)',
      level: 'MUST',
      spec: TOKEN_HANDLING,
      run: onServingKit(async (ctx, kit) => {
        if (ctx.options.auth?.testIssuer !== undefined) {
          const token = await testIssuerToken(ctx, kit, 'expired');
          if (typeof token !== 'string') return token;
          return expectRefused(await bearer(ctx, token), 'a token that expired an hour ago', VALIDATE);
        }
        const lifetime = kit.valid.expiresIn;
        if (lifetime === undefined || lifetime > LONGEST_WAIT_SECONDS) {
          return skip(
            `the issuer's tokens live ${lifetime === undefined ? 'an unknown time' : `${lifetime} s`}; mcpgate waits for one to expire only when they live ${LONGEST_WAIT_SECONDS} s or less (set a short lifetime on a CI issuer, or use --test-issuer, which mints an expired token)`,
          );
        }
        const token = await kit.provider.variant({});
        const { jwtClaims } = await adversarial();
        const expiry = (jwtClaims(token.accessToken)?.exp ?? 0) * 1000 || (token.expiresAt ?? 0);
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, expiry + AFTER_EXPIRY_MS - Date.now())));
        return expectRefused(await bearer(ctx, token.accessToken), `a token sent ${AFTER_EXPIRY_MS / 1000} s after it expired`, VALIDATE);
      }),
    },
    {
      id: 'auth.issuer',
      title: 'a token naming another issuer gets 401, even signed with a trusted key',
      fix: 'check that "iss" is the issuer your metadata names',
      level: 'MUST',
      spec: 'basic/authorization/security-considerations#access-token-privilege-restriction',
      run: onServingKit(async (ctx, kit) => {
        const token = await testIssuerToken(ctx, kit, 'other-issuer');
        if (typeof token !== 'string') return token;
        return expectRefused(await bearer(ctx, token), 'a token whose "iss" names another issuer, signed by the test issuer', VALIDATE);
      }),
    },
  ]),
);

/**
 * The run's token renewed if it is near its end: a refusal must come from the one defect a check
 * plants, never from a short-lived token that expired on the way (a 5 s CI token on a busy runner).
 */
function usable(kit: TokenKit): Promise<IssuedToken> {
  return kit.provider.fresh();
}

function bearer(ctx: CheckContext, token: string): Promise<Exchange> {
  return bareRequest(ctx, { Authorization: `Bearer ${token}` });
}

function refusedIfServed(exchange: Exchange, what: string, fix: string): CheckOutcome {
  const evidence = [evidenceOf(exchange, 'not served (401)', `server/discover with ${what}`)];
  if (!served(exchange)) return pass(`${what}: HTTP ${exchange.status ?? '-'}`, evidence);
  return violated(`${what} was served`, evidence, fix);
}

/** From the test issuer, else asked of the issuer itself with another `resource` (RFC 8707), when it honours that. */
async function otherAudienceToken(ctx: CheckContext, kit: TokenKit): Promise<string | CheckOutcome> {
  if (ctx.options.auth?.testIssuer !== undefined) return testIssuerToken(ctx, kit, 'other-audience');
  const { jwtClaims, OTHER_AUDIENCE } = await adversarial();
  let token;
  try {
    token = await kit.provider.variant({ resource: OTHER_AUDIENCE });
  } catch (error) {
    if (error instanceof OAuthError) return skip(`the issuer gives no token for another resource (${error.message}); nothing to send`);
    throw error;
  }
  const claims = jwtClaims(token.accessToken);
  if (!claims)
    return skip(
      "the issuer's tokens are opaque: mcpgate cannot tell whether one asked for another resource is bound to it (use --test-issuer)",
    );
  const audience = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!audience.includes(OTHER_AUDIENCE) || audience.includes(kit.resource)) {
    return skip(
      `the issuer ignored the resource parameter (the token's aud is ${JSON.stringify(claims.aud ?? null)}): it does not honour RFC 8707 resource indicators, so no token for another resource can be had from it`,
    );
  }
  return token.accessToken;
}

/** One request with a token that carries no scope at all: no scope of it can imply the one asked for. Made once per run. */
const noScopeProbe = oncePerRun(async (ctx: CheckContext): Promise<{ exchange: Exchange; needed: string[] } | CheckOutcome> => {
  const kit = await servingKit(ctx);
  if (!isKit(kit)) return kit;
  const needed = requiredScopes(kit.survey);
  if (needed.length === 0)
    return skip('neither the challenge nor scopes_supported names a scope, so mcpgate cannot tell what a request needs');
  let token: string | CheckOutcome;
  if (ctx.options.auth?.testIssuer !== undefined) token = await testIssuerToken(ctx, kit, 'no-scope');
  else {
    let issued;
    try {
      issued = await kit.provider.variant({ scope: null });
    } catch (error) {
      if (error instanceof OAuthError) return skip(`the issuer gives no token without scope (${error.message})`);
      throw error;
    }
    const { jwtClaims, claimedScopes } = await adversarial();
    const claims = jwtClaims(issued.accessToken);
    const granted = claims ? claimedScopes(claims) : (issued.scope ?? '').split(' ').filter((s) => s !== '');
    if (granted === undefined || granted.length > 0) {
      return skip(
        `asked for no scope, the issuer granted ${JSON.stringify(granted ?? 'unknown scopes')} anyway; scope hierarchies are not visible from outside, so mcpgate cannot say what that token may do (use --test-issuer)`,
      );
    }
    token = issued.accessToken;
  }
  if (typeof token !== 'string') return token;
  return { exchange: await bearer(ctx, token), needed };
});

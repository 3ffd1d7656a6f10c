/**
 * What every `auth.*` check starts from, found once per run: how the server answers a request
 * without credentials, and, when it asks for a token, the discovery an OAuth client would make
 * (the metadata named by the challenge or at the well-known URIs, then the issuer's). Requests here
 * go over connections of their own that carry no `--header` and no token, and stay out of the audits.
 */

import { parseBearerChallenge, type BearerChallenge } from '../../auth/challenge.js';
import { discoverIssuer, discoverResource, type IssuerDiscovery, type ResourceDiscovery } from '../../auth/discovery.js';
import { DEFAULT_FETCH_LIMITS } from '../../auth/fetch.js';
import { isRecord } from '../../shared/guards.js';
import type { Exchange } from '../../wire/exchange.js';
import { HttpConnection } from '../../wire/http.js';
import { isResultResponse } from '../../wire/jsonrpc.js';
import { ModernClient } from '../../wire/modern-client.js';
import type { CheckContext } from '../context.js';
import { oncePerRun } from '../per-run.js';

export interface AuthSurvey {
  /** server/discover sent with no credentials at all. */
  unauthenticated: Exchange;
  /** The server answered it 401: it asks for a token, and the rules of basic/authorization apply. */
  protected: boolean;
  challengeHeader?: string;
  challenge?: BearerChallenge;
  resource?: ResourceDiscovery;
  /** The first metadata document that resolved, valid or not. */
  document?: { source: string; url: string; value: Record<string, unknown> };
  /** The issuer a client would use (the configured one when the server names it, else the first named). */
  issuer?: IssuerDiscovery;
}

export const authSurvey = oncePerRun((ctx: CheckContext): Promise<AuthSurvey> => takeSurvey(ctx));

/** server/discover over a connection of its own with exactly these headers (and no --header of the user's). */
export async function bareRequest(ctx: CheckContext, headers: Record<string, string>, query?: Record<string, string>): Promise<Exchange> {
  const url = new URL(ctx.target.kind === 'http' ? ctx.target.url : '');
  for (const [name, value] of Object.entries(query ?? {})) url.searchParams.set(name, value);
  const connection = new HttpConnection(url.href, {
    timeoutMs: ctx.options.connect.timeoutMs,
    maxResponseBytes: ctx.options.connect.maxResponseBytes,
  });
  try {
    return await new ModernClient(connection).request('server/discover', {}, { headers, audited: false });
  } finally {
    await connection.close();
  }
}

export function served(exchange: Exchange): boolean {
  return isResultResponse(exchange.response);
}

async function takeSurvey(ctx: CheckContext): Promise<AuthSurvey> {
  const unauthenticated = await bareRequest(ctx, {});
  if (unauthenticated.status !== 401) return { unauthenticated, protected: false };
  const challengeHeader = unauthenticated.headers['www-authenticate'];
  const challenge = await parseBearerChallenge(challengeHeader);
  const limits = ctx.options.auth?.limits ?? DEFAULT_FETCH_LIMITS;
  const resource = await discoverResource(unauthenticated.endpoint, challenge, limits);
  const first = resource.steps.find((step) => step.document);
  const survey: AuthSurvey = {
    unauthenticated,
    protected: true,
    ...(challengeHeader !== undefined ? { challengeHeader } : {}),
    ...(challenge ? { challenge } : {}),
    resource,
    ...(first?.document ? { document: { source: first.source, url: first.url, value: first.document } } : {}),
  };
  const named = namedIssuers(survey);
  if (named.length > 0) {
    const pinned = ctx.options.auth?.settings?.issuer;
    const chosen = named.find((url) => pinned !== undefined && sameUrl(url, pinned)) ?? named[0]!;
    survey.issuer = await discoverIssuer(chosen, limits);
  }
  return survey;
}

/** The authorization servers of the metadata a client would use, or of the first document that resolved. */
export function namedIssuers(survey: AuthSurvey): string[] {
  const servers = survey.resource?.metadata?.authorizationServers ?? survey.document?.value.authorization_servers;
  return Array.isArray(servers) ? servers.filter((s): s is string => typeof s === 'string') : [];
}

/** The scopes the server asks for: the challenge's, else the metadata's scopes_supported. */
export function requiredScopes(survey: AuthSurvey): string[] {
  const fromChallenge = (survey.challenge?.scope ?? '').split(' ').filter((s) => s !== '');
  if (fromChallenge.length > 0) return fromChallenge;
  const supported = survey.document && isRecord(survey.document.value) ? survey.document.value.scopes_supported : undefined;
  return Array.isArray(supported) ? supported.filter((s): s is string => typeof s === 'string' && s !== 'offline_access') : [];
}

export function sameUrl(a: string, b: string): boolean {
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return false;
  }
}

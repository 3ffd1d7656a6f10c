/**
 * Finds a protected server's authorization server: its protected-resource metadata (RFC 9728) from
 * the 401 challenge or the well-known URIs, then the issuer's RFC 8414 / OpenID metadata. Every
 * request is kept as a step, so the `auth.*` checks judge the same discovery the token client used.
 */

import { processDiscoveryResponse, processResourceDiscoveryResponse, type AuthorizationServer } from 'oauth4webapi';
import { isRecord } from '../shared/guards.js';
import type { BearerChallenge } from './challenge.js';
import { OAuthError } from './errors.js';
import { boundedGet, type FetchLimits } from './fetch.js';
import { canonicalResource, issuerMetadataUrls, wellKnownMetadataUrls } from './resource.js';

/** One GET of a metadata document, as evidence. */
export interface DiscoveryStep {
  /** Where the URL came from: the challenge's resource_metadata, a well-known form, or an issuer's metadata. */
  source: 'challenge' | 'path' | 'root' | 'oauth' | 'openid';
  url: string;
  status?: number;
  contentType?: string;
  /** The body as received (bounded by the fetch limits); outside text, redacted before it is shown. */
  body: string;
  /** The document, when the answer was a 200 with a JSON object. */
  document?: Record<string, unknown>;
  /** Why this step's document was not used, when it was not. */
  problem?: string;
}

export interface ResourceDiscovery {
  resource: string;
  steps: DiscoveryStep[];
  /** The first document that resolved and names this server as its resource. */
  metadata?: { step: DiscoveryStep; authorizationServers: string[]; scopesSupported?: string[] };
}

export async function discoverResource(
  endpoint: string,
  challenge: BearerChallenge | undefined,
  limits: FetchLimits,
): Promise<ResourceDiscovery> {
  const resource = canonicalResource(endpoint);
  const candidates: { source: DiscoveryStep['source']; url: URL | string }[] = [
    ...(challenge?.resourceMetadata ? [{ source: 'challenge' as const, url: challenge.resourceMetadata }] : []),
    ...wellKnownMetadataUrls(endpoint).map(({ form, url }) => ({ source: form, url })),
  ];
  const steps: DiscoveryStep[] = [];
  for (const candidate of candidates) {
    const { step, response } = await fetchStep(candidate.source, candidate.url, limits);
    steps.push(step);
    if (!response || !step.document) continue;
    try {
      const document = await processResourceDiscoveryResponse(new URL(resource), response);
      const servers = document.authorization_servers;
      if (!Array.isArray(servers) || servers.length === 0) {
        step.problem = 'it names no authorization server (authorization_servers is missing or empty)';
        continue;
      }
      const scopes = Array.isArray(document.scopes_supported) ? document.scopes_supported.filter((s) => typeof s === 'string') : undefined;
      return { resource, steps, metadata: { step, authorizationServers: servers, ...(scopes ? { scopesSupported: scopes } : {}) } };
    } catch (error) {
      step.problem = describeMetadataError(error, 'resource', resource);
    }
  }
  return { resource, steps };
}

export interface IssuerDiscovery {
  issuer: string;
  steps: DiscoveryStep[];
  server?: AuthorizationServer;
  kind?: 'oauth' | 'openid';
}

export async function discoverIssuer(issuer: string, limits: FetchLimits): Promise<IssuerDiscovery> {
  const steps: DiscoveryStep[] = [];
  let expected: URL;
  try {
    expected = new URL(issuer);
  } catch {
    return { issuer, steps: [{ source: 'oauth', url: issuer, body: '', problem: `"${issuer}" is not a URL` }] };
  }
  for (const { kind, url } of issuerMetadataUrls(issuer)) {
    const { step, response } = await fetchStep(kind, url, limits);
    steps.push(step);
    if (!response || !step.document) continue;
    try {
      const server = await processDiscoveryResponse(expected, response);
      if (typeof server.token_endpoint !== 'string') {
        step.problem = 'it has no token_endpoint';
        continue;
      }
      return { issuer, steps, server, kind };
    } catch (error) {
      step.problem = describeMetadataError(error, 'issuer', issuer);
    }
  }
  return { issuer, steps };
}

/** The steps' story in one line, for an error message. */
export function describeSteps(steps: readonly DiscoveryStep[]): string {
  return steps.map((s) => `${s.url}: ${s.problem ?? 'used'}`).join('; ');
}

async function fetchStep(
  source: DiscoveryStep['source'],
  target: URL | string,
  limits: FetchLimits,
): Promise<{ step: DiscoveryStep; response?: Response }> {
  let url: URL;
  try {
    url = typeof target === 'string' ? new URL(target) : target;
  } catch {
    return { step: { source, url: String(target), body: '', problem: 'not a URL' } };
  }
  let response: Response;
  try {
    response = await boundedGet(url, limits);
  } catch (error) {
    return { step: { source, url: url.href, body: '', problem: error instanceof OAuthError ? error.message : String(error) } };
  }
  const body = await response.clone().text();
  const step: DiscoveryStep = {
    source,
    url: url.href,
    status: response.status,
    ...(response.headers.get('content-type') ? { contentType: response.headers.get('content-type')! } : {}),
    body,
  };
  if (response.status !== 200) {
    step.problem = `HTTP ${response.status}`;
    return { step };
  }
  try {
    const parsed: unknown = JSON.parse(body);
    if (isRecord(parsed)) step.document = parsed;
    else step.problem = 'the body is JSON but not an object';
  } catch {
    step.problem = 'the body is not JSON';
  }
  return { step, response };
}

function describeMetadataError(error: unknown, attribute: 'resource' | 'issuer', expected: string): string {
  const code = isRecord(error) && typeof error.code === 'string' ? error.code : '';
  const cause = isRecord(error) && isRecord(error.cause) && isRecord(error.cause.body) ? error.cause.body : undefined;
  if (code === 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED') {
    return `its ${attribute} ${JSON.stringify(cause?.[attribute])} is not ${JSON.stringify(expected)}`;
  }
  if (code === 'OAUTH_INVALID_RESPONSE') return `its ${attribute} is missing or not a string`;
  return error instanceof Error ? error.message : String(error);
}

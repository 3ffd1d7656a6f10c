/**
 * The OAuth client mcpgate runs against a protected server (basic/authorization): on the first 401
 * it discovers the issuer from the challenge or the well-known metadata, requests a token for the
 * server's canonical URI, and from then on hands the transport a fresh `Authorization` header,
 * re-acquired before the token expires and once when the server refuses it mid-run. Tokens live in
 * this object only: nothing here writes them anywhere.
 */

import type { AuthorizationServer } from 'oauth4webapi';
import { registerSecret } from '../shared/redact.js';
import type { TokenProvider } from '../wire/credentials.js';
import { parseBearerChallenge, type BearerChallenge } from './challenge.js';
import { describeSteps, discoverIssuer, discoverResource, type IssuerDiscovery, type ResourceDiscovery } from './discovery.js';
import { OAuthError } from './errors.js';
import { DEFAULT_FETCH_LIMITS, type FetchLimits } from './fetch.js';
import type { OAuthSettings } from './settings.js';
import { requestToken, type IssuedToken, type TokenParameters } from './token-request.js';

/** A token is replaced when this share of its life is left (a 5 s token at 1.5 s), and never later than 30 s before it ends. */
const RENEW_AT_SHARE_LEFT = 0.3;
const RENEW_AT_MOST_MS = 30_000;
/** After a renewal in the background failed, the next one waits this long (the token in hand still serves). */
const RENEWAL_RETRY_MS = 1_000;

export interface Discovered {
  resource: ResourceDiscovery;
  issuer: IssuerDiscovery;
  server: AuthorizationServer;
  /** The challenge of the first 401, when there was one. */
  challenge?: BearerChallenge;
}

export class OAuthTokenProvider implements TokenProvider {
  private discovered: Promise<Discovered> | undefined;
  private token: IssuedToken | undefined;
  private pending: Promise<IssuedToken> | undefined;
  private refreshToken: string | undefined;
  /** Why the last attempt to get a token failed, for the message of a run that could not authenticate. */
  lastError: OAuthError | undefined;
  /** Tokens requested so far (for tests and the report of a long run). */
  acquired = 0;
  /** No renewal in the background before this time (ms since the epoch), after one failed. */
  private renewAfter = 0;

  constructor(
    readonly endpoint: string,
    private readonly settings: OAuthSettings,
    private readonly limits: FetchLimits = DEFAULT_FETCH_LIMITS,
    private readonly now: () => number = Date.now,
  ) {
    if (settings.clientSecret !== undefined) registerSecret(settings.clientSecret);
    if (settings.refreshToken !== undefined) registerSecret(settings.refreshToken);
    this.refreshToken = settings.refreshToken;
  }

  /**
   * The token in use while it has life left: once it is due for renewal, the new one is requested in
   * the background and the requests meanwhile keep the old one, so none waits on the issuer (a load
   * run would measure the token endpoint). Only a token past its end waits for the next.
   */
  async headers(): Promise<Record<string, string>> {
    if (!this.discovered) return {};
    const held = this.token;
    if (held && this.dueForRenewal(held) && !this.expired(held)) {
      this.renewInBackground();
      return bearer(held);
    }
    const token = await this.fresh().catch(() => undefined);
    return token ? bearer(token) : {};
  }

  /** Why the last attempt to get a token failed (wire's TokenProvider.problem). */
  get problem(): string | undefined {
    return this.lastError?.message;
  }

  async onUnauthorized(challenge: string | undefined, rejected: Record<string, string>): Promise<boolean> {
    try {
      if (!this.discovered) {
        await this.prepare(challenge);
        return true;
      }
      const held = this.token;
      if (held && !sameAuthorization(rejected, held)) return true;
      this.token = undefined;
      const renewed = await this.acquire();
      return !held || renewed.accessToken !== held.accessToken;
    } catch (error) {
      if (error instanceof OAuthError) return false;
      throw error;
    }
  }

  /** Discovers and gets a first token; rejects with an OAuthError that says which step failed. */
  async prepare(challenge?: string): Promise<void> {
    this.discovered ??= this.discover(challenge);
    try {
      await this.discovered;
    } catch (error) {
      this.discovered = undefined;
      throw this.remember(error);
    }
    await this.fresh();
  }

  /** What discovery found (after prepare). */
  discovery(): Promise<Discovered> | undefined {
    return this.discovered;
  }

  /** The token in use, renewed if it is about to expire. */
  async fresh(): Promise<IssuedToken> {
    const token = this.token;
    if (token && !this.dueForRenewal(token)) return token;
    return this.acquire();
  }

  /**
   * A token of another shape from the same issuer and client, not kept for use: the `auth.*`
   * checks ask for one for another resource, or without the scope a call needs.
   */
  async variant(parameters: { resource?: string; scope?: string | null }): Promise<IssuedToken> {
    const found = await this.requireDiscovered();
    const base = this.parameters(found);
    const scope = parameters.scope === null ? undefined : (parameters.scope ?? base.scope);
    return requestToken(
      found.server,
      this.settingsNow(),
      { resource: parameters.resource ?? base.resource, ...(scope ? { scope } : {}) },
      this.limits,
      this.now,
    );
  }

  private acquire(): Promise<IssuedToken> {
    this.pending ??= (async () => {
      try {
        const found = await this.requireDiscovered();
        const token = await requestToken(found.server, this.settingsNow(), this.parameters(found), this.limits, this.now);
        if (token.refreshToken !== undefined && this.refreshToken !== undefined) this.refreshToken = token.refreshToken;
        this.token = token;
        this.acquired++;
        this.lastError = undefined;
        return token;
      } catch (error) {
        throw this.remember(error);
      } finally {
        this.pending = undefined;
      }
    })();
    return this.pending;
  }

  private async requireDiscovered(): Promise<Discovered> {
    if (!this.discovered)
      throw new OAuthError('no 401 challenge seen yet: mcpgate has not discovered the authorization server', 'discovery');
    return this.discovered;
  }

  private renewInBackground(): void {
    if (this.pending || this.now() < this.renewAfter) return;
    this.acquire().catch(() => {
      this.renewAfter = this.now() + RENEWAL_RETRY_MS;
    });
  }

  private expired(token: IssuedToken): boolean {
    return token.expiresAt !== undefined && this.now() >= token.expiresAt;
  }

  private dueForRenewal(token: IssuedToken): boolean {
    if (token.expiresAt === undefined || token.expiresIn === undefined) return false;
    const margin = Math.min(RENEW_AT_MOST_MS, token.expiresIn * 1000 * RENEW_AT_SHARE_LEFT);
    return this.now() >= token.expiresAt - margin;
  }

  private settingsNow(): OAuthSettings {
    return this.refreshToken === undefined ? this.settings : { ...this.settings, refreshToken: this.refreshToken };
  }

  /** basic/authorization#scope-selection-strategy: the configured scope, else the challenge's, else scopes_supported. */
  private parameters(found: Discovered): TokenParameters {
    const scope = this.settings.scope ?? found.challenge?.scope ?? found.resource.metadata?.scopesSupported?.join(' ');
    return { resource: found.resource.resource, ...(scope ? { scope } : {}) };
  }

  private async discover(header: string | undefined): Promise<Discovered> {
    const challenge = await parseBearerChallenge(header);
    const resource = await discoverResource(this.endpoint, challenge, this.limits);
    if (!resource.metadata) {
      throw new OAuthError(
        `no protected-resource metadata names this server's authorization server (${describeSteps(resource.steps)})`,
        'discovery',
      );
    }
    const issuerUrl = this.chooseIssuer(resource.metadata.authorizationServers);
    const issuer = await discoverIssuer(issuerUrl, this.limits);
    if (!issuer.server) {
      throw new OAuthError(
        `the metadata of the authorization server ${issuerUrl} could not be used (${describeSteps(issuer.steps)})`,
        'discovery',
      );
    }
    return { resource, issuer, server: issuer.server, ...(challenge ? { challenge } : {}) };
  }

  /** A configured issuer must be one the server names: otherwise the credentials would go to a server it does not trust. */
  private chooseIssuer(named: readonly string[]): string {
    const pinned = this.settings.issuer;
    if (pinned === undefined) return named[0]!;
    const match = named.find((url) => sameUrl(url, pinned));
    if (!match) {
      throw new OAuthError(
        `the server names the authorization servers ${JSON.stringify(named)}, not the configured issuer ${pinned}`,
        'discovery',
      );
    }
    return match;
  }

  private remember(error: unknown): unknown {
    if (error instanceof OAuthError) this.lastError = error;
    return error;
  }
}

function bearer(token: IssuedToken): Record<string, string> {
  return { Authorization: `Bearer ${token.accessToken}` };
}

function sameAuthorization(headers: Record<string, string>, token: IssuedToken): boolean {
  const sent = Object.entries(headers).find(([name]) => name.toLowerCase() === 'authorization')?.[1];
  return sent === `Bearer ${token.accessToken}`;
}

function sameUrl(a: string, b: string): boolean {
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return false;
  }
}

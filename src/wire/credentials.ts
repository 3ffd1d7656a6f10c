/**
 * What the HTTP transport asks of whoever holds the server's credentials. The transport knows
 * nothing about OAuth: it adds the headers it is given to every request, and when the server
 * answers 401 it says so once and retries once if new credentials are ready. auth/ implements this
 * for OAuth (discovery, token requests, refresh); a static `--header` needs none of it.
 */

export interface TokenProvider {
  /** Headers for the next request (`Authorization: Bearer …`), re-acquired before they expire; empty before the first challenge. */
  headers(): Promise<Record<string, string>>;
  /**
   * The server answered 401 to a request sent with `rejected` (the headers of that request), with
   * this `WWW-Authenticate` value. Resolves true when other credentials are ready and the request
   * may be sent once more; false when there is nothing new to try.
   */
  onUnauthorized(challenge: string | undefined, rejected: Record<string, string>): Promise<boolean>;
  /** Why the last attempt to get credentials failed, in one line; undefined when none failed. */
  readonly problem?: string | undefined;
}

/** What a sender needs to know of an answer to decide on a retry. */
export interface Refusal {
  status?: number;
  /** The answer's WWW-Authenticate header. */
  challenge?: string;
}

export interface Credentialed<T> {
  answer: T;
  /** The first attempt was refused with 401 and `answer` is the one retry, with renewed credentials. */
  retried: boolean;
  /** The final answer is a 401 and the provider could get no credentials: why. */
  problem?: string;
}

/**
 * One request with the provider's credentials, sent once more when the server refuses them with 401
 * and the provider has others ready: the one path every HTTP sender takes (the transport, the raw
 * probes, the load generator), so a token renewed mid-run reaches them all. A probe that sets its own
 * Authorization header (an auth check's forged token) is sent as it is and judged as answered, never
 * retried. `send` gets the provider's headers for this attempt.
 */
export async function withCredentials<T>(
  provider: TokenProvider | undefined,
  probeHeaders: Readonly<Record<string, string>> | undefined,
  send: (credentials: Record<string, string>) => Promise<T>,
  refusal: (answer: T) => Refusal,
): Promise<Credentialed<T>> {
  if (!provider || setsAuthorization(probeHeaders)) return { answer: await send({}), retried: false };
  const credentials = await provider.headers();
  const answer = await send(credentials);
  const refused = refusal(answer);
  if (refused.status !== 401) return { answer, retried: false };
  if (await provider.onUnauthorized(refused.challenge, credentials)) {
    const again = await send(await provider.headers());
    return refusal(again).status === 401 ? { answer: again, retried: true, ...problemOf(provider) } : { answer: again, retried: true };
  }
  return { answer, retried: false, ...problemOf(provider) };
}

function setsAuthorization(headers: Readonly<Record<string, string>> | undefined): boolean {
  return Object.keys(headers ?? {}).some((name) => name.toLowerCase() === 'authorization');
}

function problemOf(provider: TokenProvider): { problem?: string } {
  return provider.problem === undefined ? {} : { problem: provider.problem };
}

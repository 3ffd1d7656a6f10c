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
}
